import { LuckyWheel } from '@lucky-canvas/react';
import { useRef } from 'react';
import { slotColour } from './drawText';
import type { StageProps } from './stage';
import { useBoxWidth, useLuckyDriver } from './useLuckyCanvas';

/** The lucky turntable: one sector per slot, the pointer button in the centre starts a draw. */
export function TurntableStage({ slots, phase, target, onDraw, onLanded, goLabel }: StageProps) {
  const box = useRef<HTMLDivElement>(null);
  const width = Math.min(useBoxWidth(box), 360);
  const { lucky, ended } = useLuckyDriver<LuckyWheel>(phase, target, onLanded);
  return (
    <div className="draw-stage lucky-stage" ref={box} data-testid="draw-stage" data-phase={phase}>
      {width > 0 ? (
        <LuckyWheel
          ref={lucky}
          width={`${width}px`}
          height={`${width}px`}
          blocks={[
            { padding: '10px', background: '#01b1fe' },
            { padding: '4px', background: '#0b2a45' },
          ]}
          prizes={slots.map((prize, i) => ({
            background: slotColour(i),
            fonts: [{ text: prize.name, top: '14%', fontColor: '#eaf4fb', fontSize: '13px', lineClamp: 2 }],
          }))}
          buttons={[
            { radius: '38%', background: '#01b1fe', pointer: true },
            {
              radius: '30%',
              background: '#0b2a45',
              fonts: [{ text: goLabel, top: '-12px', fontColor: '#01b1fe', fontSize: '18px', fontWeight: '700' }],
            },
          ]}
          defaultConfig={{ accelerationTime: 1200, decelerationTime: 2200, speed: 18 }}
          onStart={() => onDraw()}
          onEnd={ended}
        />
      ) : null}
    </div>
  );
}
