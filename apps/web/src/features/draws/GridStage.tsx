import { LuckyGrid } from '@lucky-canvas/react';
import { useRef } from 'react';
import { GRID_CELLS, type StageProps } from './stage';
import { useBoxWidth, useLuckyDriver } from './useLuckyCanvas';

/** The nine-grid: eight prize cells lit in turn around the button in the centre. */
export function GridStage({ slots, phase, target, onDraw, onLanded, goLabel }: StageProps) {
  const box = useRef<HTMLDivElement>(null);
  const width = Math.min(useBoxWidth(box), 360);
  const { lucky, ended } = useLuckyDriver<LuckyGrid>(phase, target, onLanded);
  return (
    <div className="draw-stage lucky-stage" ref={box} data-testid="draw-stage" data-phase={phase}>
      {width > 0 ? (
        <LuckyGrid
          ref={lucky}
          width={`${width}px`}
          height={`${width}px`}
          rows={3}
          cols={3}
          blocks={[{ padding: '8px', background: '#01b1fe', borderRadius: 14 }]}
          prizes={slots.map((prize, i) => ({
            ...GRID_CELLS[i],
            background: '#113a5c',
            borderRadius: 10,
            fonts: [{ text: prize.name, top: '36%', fontColor: '#eaf4fb', fontSize: '13px', lineClamp: 2 }],
          }))}
          buttons={[
            {
              x: 1,
              y: 1,
              background: '#0b2a45',
              borderRadius: 10,
              fonts: [{ text: goLabel, top: '38%', fontColor: '#01b1fe', fontSize: '20px', fontWeight: '700' }],
            },
          ]}
          activeStyle={{ background: '#ffc078', fontColor: '#1b1200' }}
          defaultConfig={{ gutter: 6, accelerationTime: 1000, decelerationTime: 1800, speed: 20 }}
          onStart={() => onDraw()}
          onEnd={ended}
        />
      ) : null}
    </div>
  );
}
