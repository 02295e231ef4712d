import './jitless';
import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';
import { App } from './App';
import './styles.css';

// antd-mobile 5 with React 19: imperative APIs (Toast, Dialog, Modal.show) render through createRoot.
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

createRoot(document.getElementById('root')!).render(<App />);
