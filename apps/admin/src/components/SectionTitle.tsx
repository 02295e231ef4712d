import { Typography, theme } from 'antd';
import type { CSSProperties } from 'react';

/**
 * A section's heading on a page under its `PageTitle`: an h2 to a screen reader, since every
 * page's one h1 is its title and a level skipped (h1 then h4) loses the reader (axe: heading-order),
 * drawn at the size of antd's heading `look` (the level it used to be written as).
 */
export function SectionTitle({ children, look, style }: { children: string; look: 4 | 5; style?: CSSProperties }) {
  const { token } = theme.useToken();
  const size = look === 4 ? token.fontSizeHeading4 : token.fontSizeHeading5;
  const lineHeight = look === 4 ? token.lineHeightHeading4 : token.lineHeightHeading5;
  return (
    <Typography.Title level={2} style={{ fontSize: size, lineHeight, ...style }}>
      {children}
    </Typography.Title>
  );
}
