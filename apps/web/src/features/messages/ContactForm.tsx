import { api } from '@app/contracts';
import { Button, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api';
import { Field, TextInput } from '../../components/Field';
import { useSession } from '../../store/session';
import './messages.css';

/** The longest message the contact endpoint takes (its contract). */
const MESSAGE_MAX = 1000;

/** Contact Us: write to customer service; the answer arrives among the system messages. */
export function ContactForm() {
  const { t } = useTranslation();
  const signedIn = useSession((s) => s.token !== '');
  const [message, setMessage] = useState('');
  const [contact, setContact] = useState('');
  const [busy, setBusy] = useState(false);

  if (!signedIn) return null;

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
