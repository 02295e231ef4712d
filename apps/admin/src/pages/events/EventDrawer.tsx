import { type AdminEvent, adminApi, EVENT_KINDS, EVENT_REWARD_KINDS } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { Col, DatePicker, Form, Input, InputNumber, Radio, Row, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { call, errorText } from '../../api.ts';
import { FormDrawer } from '../../components/FormDrawer.tsx';
import { LocalizedFields } from '../../components/LocalizedFields.tsx';
import { platformDateBinding } from '../../lib/platformTime.ts';
import {
  EVENT_KIND_LABELS,
  type EventFormValues,
  emptyEventValues,
  eventToValues,
  REWARD_LABELS,
  validateEvent,
  valuesToInput,
} from './eventForm.ts';

interface EventDrawerProps {
  open: boolean;
  /** The event being edited, or null to create one. */
  event: AdminEvent | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** Creates or changes an event: its texts in the six languages side by side, dates, seats and reward. */
export function EventDrawer({ open, event, onClose, onSaved }: EventDrawerProps) {
  const [form] = Form.useForm<EventFormValues>();
  const rewardKind = Form.useWatch('rewardKind', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(event ? eventToValues(event) : emptyEventValues());
  }, [open, event, form]);

  const save = useMutation({
    mutationFn: (values: EventFormValues) =>
      event
        ? call(adminApi.events.update, valuesToInput(values), { id: event.id })
        : call(adminApi.events.create, valuesToInput(values)),
    onSuccess: () => onSaved(event ? 'Event saved.' : 'Event created.'),
  });

  const submit = () => {
    const values = form.getFieldsValue(true) as EventFormValues;
    const issues = validateEvent(values);
    form.setFields(issues.map((issue) => ({ name: issue.name, errors: [issue.message] })) as never);
    if (issues.length === 0) save.mutate(values);
  };

  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      size={760}
      title={event ? `Edit “${event.title}”` : 'New event'}
      save={{
        label: event ? 'Save changes' : 'Create event',
        onClick: () => form.submit(),
        busy: save.isPending,
        testId: 'event-save',
      }}
      error={
        save.isError
          ? { title: 'The event was not saved', text: errorText(save.error), testId: 'event-form-error' }
          : null
      }
    >
      <Form<EventFormValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        requiredMark="optional"
        aria-label={event ? 'Edit event' : 'New event'}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="kind" label="Kind" required>
              <Radio.Group
                options={EVENT_KINDS.map((value) => ({ value, label: EVENT_KIND_LABELS[value] }))}
                data-testid="event-form-kind"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="status"
              label="On for users"
              getValueProps={(value: string) => ({ checked: value === 'on' })}
              normalize={(checked: boolean) => (checked ? 'on' : 'off')}
              extra="Users see it and sign up only while it is on, until it ends."
            >
              <Switch data-testid="event-form-status" />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="startsAt" label="Starts" required {...platformDateBinding}>
              <DatePicker showTime style={{ width: '100%' }} data-testid="event-form-starts" />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="endsAt" label="Ends (sign-up closes)" required {...platformDateBinding}>
              <DatePicker showTime style={{ width: '100%' }} data-testid="event-form-ends" />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="capacity" label="Seats" required extra="Never below the sign-ups made">
              <InputNumber
                min={1}
                max={1_000_000}
                precision={0}
                style={{ width: '100%' }}
                data-testid="event-form-capacity"
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="rewardKind" label="Sign-up reward">
              <Select
                options={(['none', ...EVENT_REWARD_KINDS] as const).map((value) => ({
                  value,
                  label: REWARD_LABELS[value],
                }))}
                data-testid="event-form-reward-kind"
              />
            </Form.Item>
          </Col>
          {rewardKind && rewardKind !== 'none' ? (
            <Col xs={12} md={8}>
              <Form.Item
                name="rewardAmount"
                label={rewardKind === 'points' ? 'Points' : 'Amount'}
                required
                extra="Paid once to each user who signs up"
              >
                <Input
                  inputMode={rewardKind === 'points' ? 'numeric' : 'decimal'}
                  placeholder={rewardKind === 'points' ? '50' : '5.00'}
                  data-testid="event-form-reward-amount"
                />
              </Form.Item>
            </Col>
          ) : null}
        </Row>
        <LocalizedFields name={['title']} label="Title" maxLength={100} required testId="event-form-title" />
        <LocalizedFields name={['body']} label="Text" maxLength={2000} multiline testId="event-form-body" />
        {/* Enter in a field saves, as the button above does. */}
        <button type="submit" hidden />
      </Form>
    </FormDrawer>
  );
}
