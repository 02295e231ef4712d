import { Button, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../api';
import { api } from '../../api/routes';
import { Field, TextInput } from '../../components/Field';
import { useSession } from '../../store/session';
import './messages.css';

/** The longest message the contact endpoint takes (its contract). */
const MESSAGE_MAX = 1000;

/** Where Contact Us sends a guest who wants to write, and where sign-in brings them back. */
const CONTACT_PAGE = '/contactUs/info';

/**
 * Contact Us: write to customer service; the answer arrives among the system messages, so only a
 * signed-in user can write (docs/decisions.md): a guest is asked to sign in and brought back here.
 */
export function ContactForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSession((s) => s.token !== '');
  const [message, setMessage] = useState('');
  const [contact, setContact] = useState('');
  const [busy, setBusy] = useState(false);

  if (!signedIn) {
    return (
      <div className="card contact-form" data-testid="contact-sign-in">
        <div className="contact-name">{t('contactForm.title')}</div>
        <p className="muted small">{t('contactForm.signInHint')}</p>
        <Button
          block
          color="primary"
          onClick={() => navigate('/account/signIn', { state: { returnTo: CONTACT_PAGE } })}
          data-testid="contact-sign-in-button"
        >
          {t('common.signIn')}
        </Button>
      </div>
    );
  }

  const send = async () => {
    if (!message.trim()) {
      Toast.show({ content: t('contactForm.required') });
      return;
    }
    setBusy(true);
    try {
      await call(api.contact.send, { message: message.trim(), contact: contact.trim() || undefined });
      setMessage('');
      setContact('');
      Toast.show({ icon: 'success', content: t('contactForm.sent') });
    } catch {
      // The client has shown the server's reason (too many messages waiting).
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="card contact-form"
      data-testid="contact-form"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <div className="contact-name">{t('contactForm.title')}</div>
      <p className="muted small">{t('contactForm.hint')}</p>
      <Field label={t('contactForm.message')}>
        <textarea
          className="text-input contact-textarea"
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          rows={4}
          maxLength={MESSAGE_MAX}
          data-testid="contact-message"
        />
      </Field>
      <Field label={t('contactForm.contact')}>
        <TextInput
          value={contact}
          onChange={(event) => setContact(event.target.value)}
          maxLength={100}
          data-testid="contact-contact"
        />
      </Field>
      <Button block color="primary" type="submit" loading={busy} data-testid="contact-send">
        {t('contactForm.send')}
      </Button>
    </form>
  );
}
