import { NavBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

interface PageProps {
  title: ReactNode;
  /** Where the back arrow goes; false hides it (tab pages). Defaults to history back. */
  back?: string | false;
  right?: ReactNode;
  children: ReactNode;
  testId?: string;
  /** Content padding; off for pages that lay out edge to edge. */
  padded?: boolean;
}

/** A page: custom nav bar on top, its own scroll area below (the document itself never scrolls). */
export function Page({ title, back, right, children, testId, padded = true }: PageProps) {
  const navigate = useNavigate();
  const onBack =
    back === false
      ? undefined
      : () => {
          if (typeof back === 'string') navigate(back);
          else if (window.history.length > 1) navigate(-1);
          else navigate('/home/info');
        };
  return (
    <div className="page" data-testid={testId}>
      <NavBar className="page-nav" back={back === false ? null : ''} onBack={onBack} right={right}>
        {title}
      </NavBar>
      <div className={padded ? 'page-body padded' : 'page-body'}>{children}</div>
    </div>
  );
}
