import { LANGUAGES, type Language } from '@app/contracts';
import { Col, Form, Input, Row, Typography } from 'antd';

/** The six languages as the back office names them. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  vi: 'Vietnamese',
  th: 'Thai',
  zh: 'Chinese',
};

interface LocalizedFieldsProps {
  /** The form store's path of the text by language (each language under `[...name, lang]`). */
  name: (string | number)[];
  label: string;
  maxLength: number;
  /** English is required (shown where a translation is missing); the other languages never are. */
  required?: boolean;
  multiline?: boolean;
  /** Languages side by side: 2 (the default) or 3 on a wide screen, 1 on a narrow one. */
  columns?: 2 | 3;
  disabled?: boolean;
  /** Each input's test id is `${testId}-${lang}`. */
  testId: string;
  /** Messages per language, for a form whose checks do not go through the form store. */
  help?: Partial<Record<Language, string | undefined>>;
}

/**
 * One text in the six languages an operator writes for users (names, titles, texts), each in its
 * own labelled field of the surrounding antd form: English first, the others left blank to show
 * the English one.
 */
export function LocalizedFields({
  name,
  label,
  maxLength,
  required = false,
  multiline = false,
  columns = 2,
  disabled,
  testId,
  help,
}: LocalizedFieldsProps) {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }} aria-label={label}>
      <Typography.Text strong>{label}</Typography.Text>
      <Row gutter={12} style={{ marginTop: 4 }}>
        {LANGUAGES.map((lang) => (
          <Col xs={24} md={24 / columns} key={lang}>
            <Form.Item
              name={[...name, lang]}
              label={LANGUAGE_NAMES[lang]}
              required={required && lang === 'en'}
              rules={
                required && lang === 'en'
                  ? [{ required: true, whitespace: true, message: `${label} in English is required.` }]
                  : undefined
              }
              extra={lang === 'en' && required ? 'Shown where a translation is missing' : undefined}
              validateStatus={help?.[lang] ? 'error' : undefined}
              help={help?.[lang]}
              style={{ marginBottom: 12 }}
            >
              {multiline ? (
                <Input.TextArea
                  aria-label={`${label} (${LANGUAGE_NAMES[lang]})`}
                  maxLength={maxLength}
                  autoSize={{ minRows: 1, maxRows: 6 }}
                  disabled={disabled}
                  data-testid={`${testId}-${lang}`}
                />
              ) : (
                <Input
                  aria-label={`${label} (${LANGUAGE_NAMES[lang]})`}
                  maxLength={maxLength}
                  disabled={disabled}
                  data-testid={`${testId}-${lang}`}
                />
              )}
            </Form.Item>
          </Col>
        ))}
      </Row>
    </fieldset>
  );
}
