import { GlobalOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '../../components/LanguagePicker';

/** The globe button of the account pages' nav bar: opens the language sheet. */
export function LanguageButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="icon-button"
        aria-label={t('language.title')}
        data-testid="lang-switch"
        onClick={() => setOpen(true)}
      >
        <GlobalOutline fontSize={22} aria-hidden />
      </button>
      <LanguagePicker visible={open} onClose={() => setOpen(false)} />
    </>
  );
}

export function AuthHero({ title, hint }: { title: string; hint: string }) {
  return (
    <div className="auth-hero">
      <div className="auth-logo" aria-hidden>
        M
      </div>
      <h2>{title}</h2>
      <p className="muted">{hint}</p>
    </div>
  );
}
