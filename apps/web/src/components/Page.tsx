import { LeftOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

interface PageNavProps {
  title: ReactNode;
  /** Runs on the back arrow; without it the bar has none. */
  onBack?: () => void;
  right?: ReactNode;
  /** The title is the page's h1 unless the page has a heading of its own below. */
  heading?: boolean;
}

/**
 * The bar on top of a page: a back button, the title, an optional action. Written here rather than
 * antd-mobile's NavBar, whose left area is a `role="button"` div even without a back arrow (an
 * unnamed button to a screen reader) and cannot be reached with the keyboard (docs/decisions.md).
 */
export function PageNav({ title, onBack, right, heading = true }: PageNavProps) {
  const { t } = useTranslation();
  const Title = heading ? 'h1' : 'div';
  return (
    <header className="page-nav">
      <div className="page-nav-side">
        {onBack ? (
          <button
            type="button"
            className="page-nav-back"
            onClick={onBack}
            aria-label={t('common.back')}
            data-testid="page-back"
          >
            <LeftOutline aria-hidden />
          </button>
        ) : null}
      </div>
      <Title className="page-nav-title">{title}</Title>
      <div className="page-nav-side page-nav-right">{right}</div>
    </header>
  );
}

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

/**
 * A page: the nav bar on top, its own scroll area below (the document itself never scrolls). The
 * scroll area is the page's main landmark and takes the keyboard's focus, so it scrolls with the
 * arrow keys even when it holds nothing else focusable (an agreement, an article).
 */
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
      <PageNav title={title} onBack={onBack} right={right} />
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll area is reached by the keyboard to scroll it */}
      <main className={padded ? 'page-body padded' : 'page-body'} tabIndex={0}>
        {children}
      </main>
    </div>
  );
}
