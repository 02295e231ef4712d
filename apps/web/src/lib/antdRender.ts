import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

/**
 * antd-mobile 5 with React 19: its imperative APIs (Toast, Dialog, Modal.show) render through
 * createRoot. Called once by the app at start, and by component tests that show a toast.
 */
export function renderAntdWithCreateRoot(): void {
  unstableSetRender((node, container) => {
    const host = container as (Element | DocumentFragment) & { _reactRoot?: Root };
    host._reactRoot ??= createRoot(host);
    const root = host._reactRoot;
    root.render(node);
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      host._reactRoot = undefined;
    };
  });
}
