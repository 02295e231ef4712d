import { DeleteOutlined, ExperimentOutlined, PlusOutlined } from '@ant-design/icons';
import { type AdminDrawCampaign, adminApi, DRAW_KINDS, DRAW_PRIZE_KINDS, DRAW_PRIZES_MAX } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Switch,
  Table,
  Typography,
} from 'antd';
import { useEffect } from 'react';
import { call, errorText } from '../../api.ts';
import { FormDrawer } from '../../components/FormDrawer.tsx';
import { LocalizedFields } from '../../components/LocalizedFields.tsx';
import { SectionTitle } from '../../components/SectionTitle.tsx';
import { formatInteger } from '../../lib/format.ts';
import { platformDateBinding } from '../../lib/platformTime.ts';
import {
  amountLabel,
  type CampaignFormValues,
  campaignToValues,
  DRAW_KIND_LABELS,
  emptyCampaignValues,
  emptyPrize,
  oddsPercents,
  PRIZE_KIND_LABELS,
  type PrizeFormValues,
  valuesToInput,
} from './campaignForm.ts';

interface CampaignDrawerProps {
  open: boolean;
  /** The campaign being edited, or null to create one. */
  campaign: AdminDrawCampaign | null;
  canEdit: boolean;
  /** Simulating shows the odds' cost: finance's and the owner's (issue 29). */
  canSimulate: boolean;
  onClose: () => void;
  /** `createdId`: the new campaign, which the page reopens so it can be simulated at once. */
  onSaved: (message: string, createdId?: number) => void;
}

/** The wins per prize of 10,000 simulated draws of the campaign as saved (nothing is paid). */
function Simulation({ campaignId }: { campaignId: number }) {
  const simulate = useMutation({ mutationFn: () => call(adminApi.draws.simulate, {}, { id: campaignId }) });
  return (
    <section aria-label="Simulation" style={{ marginTop: 8 }}>
      <Space wrap>
        <Button
          icon={<ExperimentOutlined />}
          onClick={() => simulate.mutate()}
          loading={simulate.isPending}
          data-testid="draw-simulate"
        >
          Simulate 10,000 draws
        </Button>
        <Typography.Text type="secondary">Of the prizes as saved: save your changes first.</Typography.Text>
      </Space>
      {simulate.isError && (
        <Alert type="error" showIcon role="alert" title={errorText(simulate.error)} style={{ marginTop: 8 }} />
      )}
      {simulate.data && (
        <Table
          style={{ marginTop: 8 }}
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={simulate.data.prizes}
          caption={`${formatInteger(simulate.data.draws)} simulated draws`}
          data-testid="draw-simulation"
          columns={[
            { title: 'Prize', dataIndex: 'name' },
            { title: 'Odds', dataIndex: 'odds', align: 'right', render: (odds: string) => `${odds}%` },
            { title: 'Wins', dataIndex: 'wins', align: 'right', render: formatInteger },
            {
              title: 'Share',
              key: 'share',
              align: 'right',
              render: (_, row) => `${((row.wins * 100) / Math.max(simulate.data.draws, 1)).toFixed(2)}%`,
            },
          ]}
        />
      )}
    </section>
  );
}

function PrizeRows({ disabled }: { disabled: boolean }) {
  const form = Form.useFormInstance<CampaignFormValues>();
  const prizes = (Form.useWatch('prizes', form) ?? []) as PrizeFormValues[];
  const odds = oddsPercents(prizes.map((prize) => prize?.weight));
  return (
    <Form.List name="prizes">
      {(fields, { add, remove }) => (
        <>
          {fields.map((field, index) => {
            const kind = prizes[index]?.kind ?? 'nothing';
            const amount = amountLabel(kind);
            return (
              <fieldset
                key={field.key}
                style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}
                data-testid={`prize-row-${index}`}
              >
                <legend className="visually-hidden">{`Prize ${index + 1}`}</legend>
                <LocalizedFields
                  name={[field.name, 'name']}
                  label={`Prize ${index + 1} name`}
                  maxLength={60}
                  required
                  columns={3}
                  disabled={disabled}
                  testId={`prize-name-${index}`}
                />
                <Row gutter={8} align="bottom">
                  <Col xs={12} md={8}>
                    <Form.Item name={[field.name, 'kind']} label="Kind">
                      <Select
                        aria-label={`Prize ${index + 1} kind`}
                        disabled={disabled}
                        options={DRAW_PRIZE_KINDS.map((k) => ({ value: k, label: PRIZE_KIND_LABELS[k] }))}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={4}>
                    <Form.Item
                      name={[field.name, 'amount']}
                      label="Amount"
                      rules={amount ? [{ required: true, message: 'Amount' }] : []}
                    >
                      <Input
                        aria-label={`Prize ${index + 1} ${amount ?? 'amount'}`}
                        placeholder={amount ?? '—'}
                        disabled={disabled || !amount}
                        inputMode="decimal"
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={8} md={4}>
                    <Form.Item name={[field.name, 'weight']} label="Weight">
                      <InputNumber
                        aria-label={`Prize ${index + 1} weight`}
                        min={0}
                        max={1_000_000}
                        precision={0}
                        style={{ width: '100%' }}
                        disabled={disabled}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={8} md={4}>
                    <Form.Item name={[field.name, 'stock']} label="Stock">
                      <InputNumber
                        aria-label={`Prize ${index + 1} stock (empty: unlimited)`}
                        min={0}
                        precision={0}
                        placeholder="∞"
                        style={{ width: '100%' }}
                        disabled={disabled}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={5} md={3}>
                    <Form.Item label="Odds">
                      <output
                        aria-label={`Prize ${index + 1} odds`}
                        data-testid={`prize-odds-${index}`}
                        style={{ whiteSpace: 'nowrap' }}
                      >
                        {`${odds[index] ?? '0.00'}%`}
                      </output>
                    </Form.Item>
                  </Col>
                  <Col xs={3} md={1}>
                    <Form.Item label=" ">
                      <Button
                        icon={<DeleteOutlined />}
                        aria-label={`Remove prize ${index + 1}`}
                        disabled={disabled || fields.length === 1}
                        onClick={() => remove(field.name)}
                      />
                    </Form.Item>
                  </Col>
                </Row>
                {kind === 'coupon' && (
                  <Row gutter={8}>
                    <Col span={12}>
                      <Form.Item name={[field.name, 'minSpend']} label="Coupon minimum spend">
                        <Input disabled={disabled} inputMode="decimal" />
                      </Form.Item>
                    </Col>
                    <Col span={12}>
                      <Form.Item name={[field.name, 'validDays']} label="Coupon valid for (days)">
                        <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} disabled={disabled} />
                      </Form.Item>
                    </Col>
                  </Row>
                )}
              </fieldset>
            );
          })}
          <Button
            icon={<PlusOutlined />}
            onClick={() => add(emptyPrize())}
            disabled={disabled || fields.length >= DRAW_PRIZES_MAX}
            data-testid="prize-add"
          >
            {`Add a prize (up to ${DRAW_PRIZES_MAX})`}
          </Button>
        </>
      )}
    </Form.List>
  );
}

/** Create or edit a campaign and its prizes; the odds follow the weights as they are typed. */
export function CampaignDrawer({ open, campaign, canEdit, canSimulate, onClose, onSaved }: CampaignDrawerProps) {
  const [form] = Form.useForm<CampaignFormValues>();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(campaign ? campaignToValues(campaign) : emptyCampaignValues(new Date()));
  }, [open, campaign, form]);

  const save = useMutation({
    mutationFn: async (values: CampaignFormValues) => {
      const input = valuesToInput(values);
      if (campaign) {
        await call(adminApi.draws.updateCampaign, input, { id: campaign.id });
        return { name: input.name.en, id: undefined };
      }
      const created = await call(adminApi.draws.createCampaign, input);
      return { name: input.name.en, id: created.id };
    },
    onSuccess: ({ name, id }) =>
      onSaved(id ? `Created ${name}. Simulate its draws, then switch it on.` : `Saved ${name}.`, id),
  });

  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      size={900}
      title={campaign ? `Edit “${campaign.name}”` : 'New draw campaign'}
      save={
        canEdit
          ? {
              label: campaign ? 'Save changes' : 'Create campaign',
              onClick: () => form.submit(),
              busy: save.isPending,
              testId: 'campaign-save',
            }
          : null
      }
      error={
        save.isError
          ? { title: 'The campaign was not saved', text: errorText(save.error), testId: 'campaign-form-error' }
          : null
      }
    >
      <Form<CampaignFormValues>
        form={form}
        layout="vertical"
        onFinish={() => save.mutate(form.getFieldsValue(true) as CampaignFormValues)}
        requiredMark={false}
        aria-label={campaign ? 'Edit draw campaign' : 'New draw campaign'}
        disabled={!canEdit}
      >
        <Row gutter={16}>
          <Col span={24}>
            <LocalizedFields name={['name']} label="Name" maxLength={60} required columns={3} testId="campaign-name" />
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="kind" label="Screen" required>
              <Select
                data-testid="campaign-kind"
                options={DRAW_KINDS.map((kind) => ({ value: kind, label: DRAW_KIND_LABELS[kind] }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="pointsPerDraw" label="Points per draw" required>
              <InputNumber min={0} precision={0} style={{ width: '100%' }} data-testid="campaign-points" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="dailyLimit" label="Draws a day" required extra="Plus each VIP level's extra draws">
              <InputNumber min={0} max={10_000} precision={0} style={{ width: '100%' }} data-testid="campaign-daily" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="startsAt" label="Starts" required {...platformDateBinding}>
              <DatePicker showTime style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="endsAt" label="Ends" required {...platformDateBinding}>
              <DatePicker showTime style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="status"
              label="On for users"
              getValueProps={(value: string) => ({ checked: value === 'on' })}
              normalize={(checked: boolean) => (checked ? 'on' : 'off')}
              extra="Users draw only while it is on and between its dates."
            >
              <Switch checkedChildren="On" unCheckedChildren="Off" data-testid="campaign-status" />
            </Form.Item>
          </Col>
        </Row>
        <SectionTitle look={5}>Prizes</SectionTitle>
        <Typography.Paragraph type="secondary">
          A prize's odds are its weight out of all weights. Stock empty: unlimited; a prize out of stock is no longer
          drawn.
        </Typography.Paragraph>
        <PrizeRows disabled={!canEdit} />
      </Form>
      {campaign && canSimulate ? <Simulation campaignId={campaign.id} /> : null}
    </FormDrawer>
  );
}
