import {
  type AdminContentItem,
  adminApi,
  CONTENT_FIELD_LABELS,
  CONTENT_SUMMARY_MAX,
  CONTENT_TITLE_MAX,
  CONTENT_TYPE_LABELS,
  type ContentType,
  contentLink,
  PAGE_SLUG_LABELS,
  PAGE_SLUGS,
} from '@app/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { call, errorText } from '../../api.ts';
import { FormDrawer } from '../../components/FormDrawer.tsx';
import { ImageUpload } from '../../components/ImageUpload.tsx';
import { LocalizedFields } from '../../components/LocalizedFields.tsx';
import {
  type ContentFormValues,
  emptyContentValues,
  hasField,
  isRequired,
  itemToValues,
  valuesToInput,
} from './contentForm.ts';
import { RichTextFields } from './RichTextFields.tsx';

interface ContentDrawerProps {
  type: ContentType;
  open: boolean;
  /** The item being edited, or null to create one. */
  item: AdminContentItem | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}

const label = (field: keyof typeof CONTENT_FIELD_LABELS) => CONTENT_FIELD_LABELS[field].en;

/** Creates or changes an item of a type: its texts in the six languages side by side, its own fields. */
export function ContentDrawer({ type, open, item, onClose, onSaved }: ContentDrawerProps) {
  const [form] = Form.useForm<ContentFormValues>();
  const has = (field: Parameters<typeof hasField>[1]) => hasField(type, field);
  const noun = CONTENT_TYPE_LABELS[type].en.toLowerCase();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(item ? itemToValues(item) : emptyContentValues(type));
  }, [open, item, type, form]);

  const guideTypes = useQuery({
    queryKey: ['admin', 'content', 'guideTypes'],
    queryFn: () => call(adminApi.content.list, {}, { type: 'guideTypes' }),
    enabled: open && has('typeId'),
  });

  const save = useMutation({
    mutationFn: (values: ContentFormValues) =>
      item
        ? call(adminApi.content.update, valuesToInput(type, values), { type, id: item.id })
        : call(adminApi.content.create, valuesToInput(type, values), { type }),
    onSuccess: () => onSaved(item ? 'Saved.' : 'Created.'),
  });

  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      size={960}
      title={item ? `Edit “${item.title.en}”` : `New item: ${noun}`}
      save={{
        label: item ? 'Save changes' : 'Create',
        onClick: () => form.submit(),
        busy: save.isPending,
        testId: 'content-save',
      }}
      error={save.isError ? { title: 'Save failed', text: errorText(save.error), testId: 'content-form-error' } : null}
    >
      <Form<ContentFormValues>
        form={form}
        layout="vertical"
        onFinish={() => save.mutate(form.getFieldsValue(true) as ContentFormValues)}
        requiredMark="optional"
        aria-label={item ? `Edit ${noun}` : `New ${noun}`}
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="published"
              label="Published"
              valuePropName="checked"
              extra="Users see only published items."
            >
              <Switch data-testid="content-form-published" />
            </Form.Item>
          </Col>
          {has('slug') && (
            <Col xs={24} md={8}>
              <Form.Item name="slug" label={label('slug')} rules={[{ required: true, message: 'Choose the page.' }]}>
                <Select
                  aria-label={label('slug')}
                  options={PAGE_SLUGS.map((slug) => ({ value: slug, label: PAGE_SLUG_LABELS[slug].en }))}
                  data-testid="content-form-slug"
                />
              </Form.Item>
            </Col>
          )}
          {has('typeId') && (
            <Col xs={24} md={8}>
              <Form.Item
                name="typeId"
                label={label('typeId')}
                rules={[{ required: true, message: 'Choose a guide type.' }]}
              >
                <Select
                  aria-label={label('typeId')}
                  loading={guideTypes.isPending}
                  options={(guideTypes.data ?? []).map((guideType) => ({
                    value: guideType.id,
                    label: `${guideType.title.en}${guideType.status === 'draft' ? ' (draft)' : ''}`,
                  }))}
                  data-testid="content-form-type"
                />
              </Form.Item>
            </Col>
          )}
          {has('sort') && (
            <Col xs={12} md={8}>
              <Form.Item name="sort" label={label('sort')} extra="Lower numbers come first.">
                <InputNumber
                  min={-1_000_000}
                  max={1_000_000}
                  precision={0}
                  style={{ width: '100%' }}
                  data-testid="content-form-sort"
                />
              </Form.Item>
            </Col>
          )}
          {has('commentsOpen') && (
            <Col xs={12} md={8}>
              <Form.Item name="commentsOpen" label={label('commentsOpen')} valuePropName="checked">
                <Switch data-testid="content-form-comments-open" />
              </Form.Item>
            </Col>
          )}
        </Row>
        <LocalizedFields
          name={['title']}
          label={label('title')}
          maxLength={CONTENT_TITLE_MAX}
          required
          columns={3}
          testId="content-form-title"
        />
        {has('summary') && (
          <LocalizedFields
            name={['summary']}
            label={label('summary')}
            maxLength={CONTENT_SUMMARY_MAX}
            multiline
            columns={3}
            testId="content-form-summary"
          />
        )}
        {has('image') && (
          <Form.Item
            name="image"
            label={label('image')}
            rules={isRequired(type, 'image') ? [{ required: true, message: 'Upload an image.' }] : undefined}
          >
            <ImageUpload label={`${CONTENT_TYPE_LABELS[type].en} image`} data-testid="content-form-image" />
          </Form.Item>
        )}
        {has('link') && (
          <Form.Item
            name="link"
            label={label('link')}
            extra="A page of the app (/pagesB/home/news) or a web address (https://…); empty: the banner opens nothing."
            rules={[
              {
                validator: (_, link?: string) =>
                  contentLink.safeParse(link ?? '').success
                    ? Promise.resolve()
                    : Promise.reject(new Error('Start with / for a page of the app, or https://.')),
              },
            ]}
          >
            <Input placeholder="/pagesB/home/news" data-testid="content-form-link" />
          </Form.Item>
        )}
        {has('body') && (
          <RichTextFields
            name="body"
            label={label('body')}
            required={isRequired(type, 'body')}
            testId="content-form-body"
          />
        )}
        {/* Enter in a field saves, as the button above does. */}
        <button type="submit" hidden />
      </Form>
    </FormDrawer>
  );
}
