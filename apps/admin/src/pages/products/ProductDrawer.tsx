import { adminApi, LANGUAGES, type Language, PRODUCT_TERMS_ROLES } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import {
  Col,
  DatePicker,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Switch,
  Tabs,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { call, errorText } from '../../api.ts';
import { useAdmin } from '../../auth.tsx';
import { FormDrawer } from '../../components/FormDrawer.tsx';
import { ImageUpload } from '../../components/ImageUpload.tsx';
import { LANGUAGE_NAMES } from '../../components/LocalizedFields.tsx';
import { deriveFigures } from '../../lib/decimal.ts';
import { formatMoney } from '../../lib/format.ts';
import { platformDateBinding } from '../../lib/platformTime.ts';
import {
  type AdminProduct,
  CYCLE_LABELS,
  emptyProductValues,
  FIELD_LABELS,
  fieldOfServerMessage,
  type ProductFormValues,
  productToValues,
  updateBody,
  validateProduct,
  valuesToInput,
} from './productForm.ts';

const CYCLE_UNIT: Record<string, string> = { hour: 'hours', day: 'days', week: 'weeks' };

interface ProductDrawerProps {
  open: boolean;
  /** The product being edited, or null to create one. */
  product: AdminProduct | null;
  nextSort: number;
  onClose: () => void;
  onSaved: (product: AdminProduct, created: boolean) => void;
}

export function ProductDrawer({ open, product, nextSort, onClose, onSaved }: ProductDrawerProps) {
  const [form] = Form.useForm<ProductFormValues>();
  // What a product costs and pays is for owner and finance; the server refuses others' changes too.
  const termsLocked = !PRODUCT_TERMS_ROLES.includes(useAdmin().role);
  const [tab, setTab] = useState<Language>('en');
  const [serverError, setServerError] = useState<string | null>(null);
  const initial = useMemo(
    () => (product ? productToValues(product) : emptyProductValues(nextSort)),
    [product, nextSort],
  );

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(initial);
    setTab('en');
    setServerError(null);
  }, [open, initial, form]);

  const price = Form.useWatch('price', form);
  const income = Form.useWatch('incomePerCycle', form);
  const cycles = Form.useWatch('cycles', form);
  const cycle = Form.useWatch('cycle', form);
  const stockLimited = Form.useWatch('stockLimited', form);
  const figures = deriveFigures(price, income, cycles);

  const save = useMutation({
    mutationFn: (values: ProductFormValues) =>
      product
        ? call(adminApi.products.updateProduct, updateBody(values), { id: product.id })
        : call(adminApi.products.createProduct, valuesToInput(values)),
    onSuccess: (saved) => onSaved(saved, !product),
    onError: (error) => {
      const text = errorText(error);
      setServerError(text);
      const field = fieldOfServerMessage(text);
      if (field) form.setFields([{ name: (field === 'name' ? ['name', 'en'] : field) as never, errors: [text] }]);
    },
  });

  const submit = () => {
    setServerError(null);
    const values = form.getFieldsValue(true) as ProductFormValues;
    const issues = validateProduct(valuesToInput(values));
    // clear old errors everywhere, then show the new ones
    const fields: { name: (string | number)[]; errors: string[] }[] = [
      ...Object.keys(FIELD_LABELS).map((key) => ({ name: [key], errors: [] })),
      ...LANGUAGES.map((lang) => ({ name: ['name', lang], errors: [] })),
      ...issues.map((issue) => ({ name: issue.name, errors: [issue.message] })),
    ];
    form.setFields(fields as never);
    if (issues.length > 0) {
      const nameIssue = issues.find((issue) => issue.name[0] === 'name' || issue.name[0] === 'description');
      if (nameIssue && typeof nameIssue.name[1] === 'string') setTab(nameIssue.name[1] as Language);
      return;
    }
    save.mutate(values);
  };

  const unit = CYCLE_UNIT[cycle ?? 'day'] ?? 'cycles';

  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      size={720}
      title={product ? `Edit “${product.name}”` : 'New product'}
      save={{
        label: product ? 'Save changes' : 'Create product',
        onClick: submit,
        busy: save.isPending,
        testId: 'product-save',
      }}
      error={
        serverError ? { title: 'The product was not saved', text: serverError, testId: 'product-form-error' } : null
      }
    >
      <Form<ProductFormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={submit}
        requiredMark="optional"
        onValuesChange={(changed: Partial<ProductFormValues>) => {
          // an edited field's old error goes away as the operator types
          const paths = Object.entries(changed).flatMap(([key, value]) =>
            (key === 'name' || key === 'description') && value && typeof value === 'object'
              ? Object.keys(value).map((lang) => [key, lang])
              : [[key]],
          );
          form.setFields(paths.map((name) => ({ name, errors: [] })) as never);
        }}
        aria-label={product ? 'Edit product' : 'New product'}
      >
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as Language)}
          items={LANGUAGES.map((lang) => ({
            key: lang,
            label: lang === 'en' ? `${LANGUAGE_NAMES[lang]} *` : LANGUAGE_NAMES[lang],
            forceRender: true,
            children: (
              <>
                <Form.Item
                  name={['name', lang]}
                  label={`Name (${LANGUAGE_NAMES[lang]})`}
                  required={lang === 'en'}
                  extra={lang === 'en' ? undefined : 'Leave blank to show the English name.'}
                >
                  <Input maxLength={100} data-testid={`product-form-name-${lang}`} />
                </Form.Item>
                <Form.Item name={['description', lang]} label={`Description (${LANGUAGE_NAMES[lang]})`}>
                  <Input.TextArea rows={3} maxLength={2000} data-testid={`product-form-description-${lang}`} />
                </Form.Item>
              </>
            ),
          }))}
        />
        <Form.Item name="image" label="Image" getValueFromEvent={(url?: string) => url ?? ''}>
          <ImageUpload label="Product image" data-testid="product-form-image" />
        </Form.Item>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="price" label="Price" required>
              <Input inputMode="decimal" placeholder="100.00" disabled={termsLocked} data-testid="product-form-price" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="cycle" label="Cycle" required>
              <Select
                disabled={termsLocked}
                data-testid="product-form-cycle"
                options={Object.entries(CYCLE_LABELS).map(([value, label]) => ({ value, label }))}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="cycles" label={`Cycles (${unit})`} required>
              <InputNumber
                min={1}
                max={100_000}
                precision={0}
                style={{ width: '100%' }}
                disabled={termsLocked}
                data-testid="product-form-cycles"
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="incomePerCycle" label="Income per cycle" required>
              <Input
                inputMode="decimal"
                placeholder="1.50"
                disabled={termsLocked}
                data-testid="product-form-incomePerCycle"
              />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Descriptions
              size="small"
              column={2}
              bordered
              aria-live="polite"
              style={{ marginTop: 30 }}
              items={[
                {
                  key: 'total',
                  label: 'Total income',
                  children: <span data-testid="product-form-total-income">{formatMoney(figures.totalIncome)}</span>,
                },
                {
                  key: 'rate',
                  label: 'Total return',
                  children: (
                    <span data-testid="product-form-total-return">
                      {figures.totalReturnRate ? `${figures.totalReturnRate}%` : '—'}
                    </span>
                  ),
                },
              ]}
            />
          </Col>
          <Col span={8}>
            <Form.Item name="points" label="Points granted">
              <InputNumber
                min={0}
                max={1_000_000}
                precision={0}
                style={{ width: '100%' }}
                disabled={termsLocked}
                data-testid="product-form-points"
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="purchaseLimit" label="Limit per user" extra="0 = unlimited">
              <InputNumber
                min={0}
                max={1_000_000}
                precision={0}
                style={{ width: '100%' }}
                data-testid="product-form-purchaseLimit"
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="sort" label="Sort order" extra="Lower comes first">
              <InputNumber
                min={-1_000_000}
                max={1_000_000}
                precision={0}
                style={{ width: '100%' }}
                data-testid="product-form-sort"
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="stockLimited" label="Stock" valuePropName="checked">
              <Switch checkedChildren="Limited" unCheckedChildren="Unlimited" data-testid="product-form-stockLimited" />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item
              name="stock"
              label="Total units for sale"
              extra={product && product.stock !== null ? `${product.stock} left, ${product.sold} sold.` : undefined}
              hidden={!stockLimited}
            >
              <InputNumber min={0} precision={0} style={{ width: '100%' }} data-testid="product-form-stock" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="saleStartsAt" label="Sale starts" extra="Empty: on sale at once" {...platformDateBinding}>
              <DatePicker showTime style={{ width: '100%' }} data-testid="product-form-saleStartsAt" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="saleEndsAt"
              label="Sale ends"
              extra="Set it to make a limited-time offer"
              {...platformDateBinding}
            >
              <DatePicker showTime style={{ width: '100%' }} data-testid="product-form-saleEndsAt" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="principalReturned" label="Principal returned at the end" valuePropName="checked">
              <Switch
                checkedChildren="Yes"
                unCheckedChildren="No"
                disabled={termsLocked}
                data-testid="product-form-principalReturned"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="status"
              label="Can users see it?"
              required
              extra="On: listed for users. Off: hidden until you turn it On."
            >
              <Radio.Group
                optionType="button"
                data-testid="product-form-status"
                options={[
                  { value: 'on', label: 'On' },
                  { value: 'off', label: 'Off' },
                ]}
              />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Text type="secondary">
          {termsLocked
            ? 'Price, cycles, income, points and principal return are changed by the owner or finance.'
            : 'Price and income changes apply to new purchases only; machines already bought keep their terms.'}
        </Typography.Text>
        {/* lets Enter in a text field submit the form */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </FormDrawer>
  );
}
