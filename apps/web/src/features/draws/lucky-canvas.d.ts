/**
 * @lucky-canvas/react names a types folder it does not ship: the part of its API the draw screens
 * use (lucky-canvas's own LuckyWheelConfig and LuckyGridConfig, as React props).
 */
declare module '@lucky-canvas/react' {
  import type { Component } from 'react';

  interface LuckyFont {
    text: string;
    top?: string | number;
    fontColor?: string;
    fontSize?: string;
    fontWeight?: string;
    lineHeight?: string;
    wordWrap?: boolean;
    lengthLimit?: string | number;
    lineClamp?: number;
  }
  interface LuckyBlock {
    padding?: string;
    background?: string;
    borderRadius?: string | number;
  }
  interface LuckyPrize {
    background?: string;
    fonts?: LuckyFont[];
    x?: number;
    y?: number;
    borderRadius?: string | number;
  }
  interface LuckyButton extends LuckyPrize {
    radius?: string;
    pointer?: boolean;
    col?: number;
    row?: number;
  }
  interface LuckyProps {
    width: string | number;
    height: string | number;
    blocks?: LuckyBlock[];
    prizes?: LuckyPrize[];
    buttons?: LuckyButton[];
    defaultConfig?: Record<string, unknown>;
    defaultStyle?: Record<string, unknown>;
    activeStyle?: Record<string, unknown>;
    onStart?: () => void;
    onEnd?: (prize: LuckyPrize) => void;
  }
  interface LuckyGridProps extends LuckyProps {
    rows?: number;
    cols?: number;
  }

  /** play() starts spinning; stop(index) lands on that prize; stop(-1) stops without landing. */
  interface LuckyHandle {
    play(): void;
    stop(index: number): void;
  }

  export class LuckyWheel extends Component<LuckyProps> implements LuckyHandle {
    play(): void;
    stop(index: number): void;
  }
  export class LuckyGrid extends Component<LuckyGridProps> implements LuckyHandle {
    play(): void;
    stop(index: number): void;
  }
}
