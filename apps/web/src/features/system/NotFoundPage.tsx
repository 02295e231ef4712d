import { Button } from 'antd-mobile';
import { QuestionCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageNav } from '../../components/Page';

/** An address the app does not have: said so, with the address and a way home, never a silent redirect. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  return (
    <div className="page system-page" data-testid="not-found-page">
      <PageNav title={t('notFound.title')} heading={false} />
      <main className="page-body padded center-column">
        <div className="system-icon" aria-hidden>
          <QuestionCircleOutline />
        </div>
        <h1>{t('notFound.heading')}</h1>
        <p className="muted not-found-path">{pathname}</p>
        <p className="muted">{t('notFound.body')}</p>
        <Button
          color="primary"
          size="large"
          onClick={() => navigate('/home/info', { replace: true })}
          data-testid="not-found-home"
        >
          {t('notFound.home')}
        </Button>
      </main>
    </div>
  );
}
