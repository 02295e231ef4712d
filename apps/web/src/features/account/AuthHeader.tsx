import { GlobalOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { LanguagePicker } from '../../components/LanguagePicker';

/** The globe button of the account pages' nav bar: opens the language sheet. */
export function LanguageButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="icon-button" data-testid="lang-switch" onClick={() => setOpen(true)}>
        <GlobalOutline fontSize={22} />
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
      <h1>{title}</h1>
      <p className="muted">{hint}</p>
    </div>
  );
}
