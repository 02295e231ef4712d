import { PAGE_SLUG_LABELS } from '@app/contracts';
import { Button, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../api';
import { api } from '../../api/routes';
import { Page } from '../../components/Page';
import { openServiceLink } from '../../components/ServiceButton';
import { LoadError, LoadingSkeleton } from '../../components/States';
import { useQuery } from '../../lib/useQuery';
import { useSession } from '../../store/session';
import { PAGE_PATHS } from '../content/contentPaths';
import { ContactForm } from '../messages/ContactForm';

const LINES = ['service_1', 'service_2', 'service_3'] as const;

function describeLink(link: string): string {
  try {
    const url = new URL(link);
    if (url.protocol === 'mailto:') return url.pathname;
    return url.host + (url.pathname === '/' ? '' : url.pathname);
  } catch {
    return link;
  }
}

export default function ContactUsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useSession((s) => s.language);
  const query = useQuery({
    queryKey: ['onlineService'],
    queryFn: () => call(api.system.onlineService, {}, undefined, { silent: true }),
  });
  return (
    <Page title={t('contact.title')} back={false} testId="contact-page">
      <p className="muted">{t('contact.intro')}</p>
      {query.isPending ? (
        <LoadingSkeleton lines={4} />
      ) : query.isError ? (
        <LoadError message={t('contact.unavailable')} onRetry={() => void query.refetch()} />
      ) : (
        LINES.filter((key) => query.data[key]).map((key, index) => (
          <div className="card contact-line" key={key} data-testid={`contact-line-${index + 1}`}>
            <div>
              <div className="contact-name">{t('contact.channel', { number: index + 1 })}</div>
              <div className="muted small ellipsis">{describeLink(query.data[key])}</div>
            </div>
            <Button size="small" color="primary" onClick={() => openServiceLink(query.data[key])}>
              {t('contact.open')}
            </Button>
          </div>
        ))
      )}
      <ContactForm />
      <List className="menu">
        <List.Item onClick={() => navigate(PAGE_PATHS.about)} data-testid="contact-about">
          {PAGE_SLUG_LABELS.about[language]}
        </List.Item>
      </List>
    </Page>
  );
}
