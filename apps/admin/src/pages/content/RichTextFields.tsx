import { adminApi, LANGUAGES, type Language, type Translations } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Badge, Button, Form, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { call, errorText } from '../../api.ts';
import { LANGUAGE_NAMES } from '../../components/LocalizedFields.tsx';
import { RichTextEditor } from './RichTextEditor.tsx';

interface RichTextFieldsProps {
  /** The form store's path of the HTML by language. */
  name: string;
  label: string;
  required: boolean;
  testId: string;
}

/**
 * A rich text in the six languages, one tab each (a dot marks a language written), and the preview
 * of what users will see: the server sanitizes every language with the allow-list of a save, and a
 * language left empty shows the English one, as users read it.
 */
export function RichTextFields({ name, label, required, testId }: RichTextFieldsProps) {
  const form = Form.useFormInstance();
  const texts = (Form.useWatch(name, form) ?? {}) as Partial<Translations>;
  const [lang, setLang] = useState<Language>('en');
  const preview = useMutation({
    mutationFn: () =>
      call(adminApi.content.preview, {
        body: Object.fromEntries(LANGUAGES.map((l) => [l, texts[l] ?? ''])) as Translations,
      }),
  });
  const shown = preview.data ? preview.data.body[lang] || preview.data.body.en : undefined;

  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }} aria-label={label}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Text strong>
          {label}
          {required ? ' (English required)' : ''}
        </Typography.Text>
        <Button onClick={() => preview.mutate()} loading={preview.isPending} data-testid={`${testId}-preview`}>
          {preview.data ? 'Refresh preview' : 'Preview as users see it'}
        </Button>
      </Space>
      <Tabs
        activeKey={lang}
        onChange={(key) => setLang(key as Language)}
        items={LANGUAGES.map((l) => ({
          key: l,
          forceRender: true,
          label: (
            <Badge dot={Boolean(texts[l])} color="green" offset={[6, 0]}>
              <span data-testid={`${testId}-tab-${l}`}>{LANGUAGE_NAMES[l]}</span>
            </Badge>
          ),
          children: (
            <Form.Item
              name={[name, l]}
              style={{ marginBottom: 12 }}
              extra={l === 'en' ? 'Shown where a translation is missing' : 'Left empty: users read the English text'}
            >
              <RichTextEditor label={`${label} (${LANGUAGE_NAMES[l]})`} testId={`${testId}-${l}`} />
            </Form.Item>
          ),
        }))}
      />
      {preview.isError && (
        <Alert type="error" showIcon title="The preview failed" description={errorText(preview.error)} />
      )}
      {shown !== undefined && (
        <section aria-label={`Preview (${LANGUAGE_NAMES[lang]})`}>
          <Typography.Text type="secondary">
            Preview in {LANGUAGE_NAMES[lang]}
            {preview.data && !preview.data.body[lang] && lang !== 'en' ? ' (empty: English shown)' : ''}
          </Typography.Text>
          <div
            className="content-preview"
            data-testid={`${testId}-preview-html`}
            // Sanitized by the server with the allow-list every save goes through.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitized HTML, as users get it
            dangerouslySetInnerHTML={{ __html: shown || '<p><em>Nothing written yet.</em></p>' }}
          />
        </section>
      )}
    </fieldset>
  );
}
