import { type AdminVipLevel, adminApi, VIP_KINDS, VIP_REQUIREMENTS } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { Col, Form, Input, InputNumber, Radio, Row, Select, Typography } from 'antd';
import { useEffect } from 'react';
import { call, errorText } from '../../api.ts';
import { FormDrawer } from '../../components/FormDrawer.tsx';
import { LocalizedFields } from '../../components/LocalizedFields.tsx';
import {
  emptyLevelValues,
  KIND_LABELS,
  type LevelFormValues,
  ladderWith,
  levelToValues,
  REQUIREMENT_LABELS,
  validateLevel,
  valuesToInput,
} from './levelForm.ts';

interface LevelDrawerProps {
  open: boolean;
  /** The level being edited, or null to add one. */
  level: AdminVipLevel | null;
  levels: readonly AdminVipLevel[];
  onClose: () => void;
  onSaved: (levels: AdminVipLevel[]) => void;
}

/** One level of the ladder; saving sends the whole ladder with it (PUT /vip/levels). */
export function LevelDrawer({ open, level, levels, onClose, onSaved }: LevelDrawerProps) {
  const [form] = Form.useForm<LevelFormValues>();
  const kind = Form.useWatch('kind', form);
  const requirementKind = Form.useWatch('requirementKind', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(level ? levelToValues(level) : emptyLevelValues(levels));
  }, [open, level, levels, form]);

  const save = useMutation({
    mutationFn: (values: LevelFormValues) =>
      call(adminApi.vip.saveLevels, { levels: ladderWith(levels, valuesToInput(values), level?.level ?? null) }),
    onSuccess: onSaved,
  });

  const submit = () => {
    const values = form.getFieldsValue(true) as LevelFormValues;
    const others = levels.filter((other) => other.level !== level?.level).map((other) => other.level);
    const issues = validateLevel(valuesToInput(values), others);
    form.setFields(issues.map((issue) => ({ name: issue.name, errors: [issue.message] })) as never);
    if (issues.length === 0) save.mutate(values);
  };

  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      size={640}
      title={level ? `Edit “${level.name}”` : 'New level'}
      save={{
        label: level ? 'Save changes' : 'Add level',
        onClick: () => form.submit(),
        busy: save.isPending,
        testId: 'level-save',
      }}
      error={
        save.isError
          ? { title: 'The levels were not saved', text: errorText(save.error), testId: 'level-form-error' }
          : null
      }
    >
      <Form<LevelFormValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        requiredMark="optional"
        onValuesChange={(changed: Partial<LevelFormValues>) =>
          // an edited field's old error goes away as the operator types
          form.setFields(
            Object.entries(changed).flatMap(([key, value]) =>
              key === 'name' && value && typeof value === 'object'
                ? Object.keys(value).map((lang) => ({ name: ['name', lang], errors: [] }))
                : [{ name: [key], errors: [] }],
            ) as never,
          )
        }
        aria-label={level ? 'Edit level' : 'New level'}
      >
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="level" label="Level number" required extra={level ? 'Fixed once created' : '1 to 99'}>
              <InputNumber
                min={1}
                max={99}
                precision={0}
                style={{ width: '100%' }}
                disabled={level !== null}
                data-testid="level-form-level"
              />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item name="kind" label="Kind" required>
              <Radio.Group
                options={VIP_KINDS.map((value) => ({ value, label: KIND_LABELS[value] }))}
                data-testid="level-form-kind"
              />
            </Form.Item>
          </Col>
        </Row>
        <LocalizedFields name={['name']} label="Name" maxLength={40} required testId="level-form-name" />
        {kind === 'svip' ? (
          <Form.Item name="price" label="Price (paid from the deposit wallet)" required>
            <Input inputMode="decimal" placeholder="1000.00" data-testid="level-form-price" />
          </Form.Item>
        ) : (
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item name="requirementKind" label="Reached by" required>
                <Select
                  options={VIP_REQUIREMENTS.map((value) => ({ value, label: REQUIREMENT_LABELS[value] }))}
                  data-testid="level-form-requirement-kind"
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="requirementAmount"
                label={requirementKind === 'teamSize' ? 'Members at least' : 'Amount at least'}
                extra={requirementKind === 'teamSize' ? 'Members over the three referral levels' : undefined}
                required
              >
                <Input
                  inputMode={requirementKind === 'teamSize' ? 'numeric' : 'decimal'}
                  placeholder={requirementKind === 'teamSize' ? '20' : '500.00'}
                  data-testid="level-form-requirement-amount"
                />
              </Form.Item>
            </Col>
          </Row>
        )}
        <Typography.Text strong>Benefits</Typography.Text>
        <Row gutter={16} style={{ marginTop: 8 }}>
          <Col span={12}>
            <Form.Item
              name="withdrawFeeDiscount"
              label="Withdrawal fee discount"
              required
              extra="Share of the fee waived: 0.5 halves it, 1 waives it"
            >
              <Input inputMode="decimal" data-testid="level-form-withdrawFeeDiscount" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="incomeBonusRate" label="Income bonus rate" required extra="On each collection: 0.05 = 5 %">
              <Input inputMode="decimal" data-testid="level-form-incomeBonusRate" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="extraWithdrawals" label="Extra withdrawals a day" required>
              <InputNumber
                min={0}
                max={100}
                precision={0}
                style={{ width: '100%' }}
                data-testid="level-form-extraWithdrawals"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="extraDraws" label="Extra draws a day" required extra="Used by the draws">
              <InputNumber
                min={0}
                max={100}
                precision={0}
                style={{ width: '100%' }}
                data-testid="level-form-extraDraws"
              />
            </Form.Item>
          </Col>
        </Row>
        {/* Enter in a field saves, as the button above does. */}
        <button type="submit" hidden />
      </Form>
    </FormDrawer>
  );
}
