import { CONFIG, type ConfigKey, LANGUAGES } from '@app/contracts';
import { Button, Input, InputNumber, Select, Space, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { FIELD_META, fieldKind, WEEKDAYS } from './registry.ts';

const LANGUAGE_NAMES = new Intl.DisplayNames(['en'], { type: 'language' });

const TIME_ZONES: string[] = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
})();

interface FieldProps {
  configKey: ConfigKey;
  value: unknown;
  onChange: (value: unknown) => void;
  disabled?: boolean;
  id: string;
  invalid: boolean;
  currency?: string;
}

function maxLength(key: ConfigKey): number | undefined {
  const schema = CONFIG[key].schema as { maxLength?: number | null };
  return typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
}

function numberBounds(key: ConfigKey): { min?: number; max?: number } {
  const schema = CONFIG[key].schema as { minValue?: number | null; maxValue?: number | null };
  return {
    min: typeof schema.minValue === 'number' && Number.isFinite(schema.minValue) ? schema.minValue : undefined,
    max: typeof schema.maxValue === 'number' && Number.isFinite(schema.maxValue) ? schema.maxValue : undefined,
  };
}

/** The values an enum key allows, from its schema. */
function enumOptions(key: ConfigKey): readonly string[] {
  return (CONFIG[key].schema as { options?: readonly string[] }).options ?? [];
}

function percent(rate: unknown): ReactNode {
  const value = Number(rate);
  if (typeof rate !== 'string' || rate === '' || !Number.isFinite(value)) return null;
  return <Typography.Text type="secondary">= {Number((value * 100).toFixed(4))} %</Typography.Text>;
}

/** One input of the configuration form, chosen by the key's kind. */
export function ConfigField({ configKey, value, onChange, disabled, id, invalid, currency }: FieldProps) {
  const status = invalid ? ('error' as const) : undefined;
  const common = { id, disabled, status, 'aria-invalid': invalid || undefined, 'data-testid': `config-${configKey}` };
  switch (fieldKind(configKey)) {
    case 'switch':
      return (
        <Switch
          id={id}
          disabled={disabled}
          checked={value === true}
          onChange={(checked) => onChange(checked)}
          checkedChildren="On"
          unCheckedChildren="Off"
          data-testid={`config-${configKey}`}
        />
      );
    case 'integer': {
      const { min, max } = numberBounds(configKey);
      return (
        <InputNumber<number>
          {...common}
          min={min}
          max={max}
          precision={0}
          value={typeof value === 'number' ? value : null}
          onChange={(next) => onChange(next ?? undefined)}
          style={{ width: 200 }}
        />
      );
    }
    case 'money':
      return (
        <Input
          {...common}
          inputMode="decimal"
          prefix={currency}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value.trim())}
          style={{ width: 200 }}
        />
      );
    case 'rate':
      return (
        <Space>
          <Input
            {...common}
            inputMode="decimal"
            value={typeof value === 'string' ? value : ''}
            onChange={(event) => onChange(event.target.value.trim())}
            style={{ width: 120 }}
          />
          {percent(value)}
        </Space>
      );
    case 'textarea':
      return (
        <Input.TextArea
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
          maxLength={maxLength(configKey)}
          showCount
          autoSize={{ minRows: 3, maxRows: 8 }}
        />
      );
    case 'url':
    case 'text':
      return (
        <Input
          {...common}
          type={fieldKind(configKey) === 'url' ? 'url' : 'text'}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
          maxLength={maxLength(configKey)}
        />
      );
    case 'weekdays':
      return (
        <Select<number[]>
          {...common}
          mode="multiple"
          allowClear
          placeholder="No days"
          options={WEEKDAYS}
          value={Array.isArray(value) ? (value as number[]) : []}
          onChange={(days) => onChange([...days].sort((a, b) => a - b))}
          style={{ width: '100%' }}
        />
      );
    case 'languages':
      return (
        <Select<string[]>
          {...common}
          mode="multiple"
          options={LANGUAGES.map((code) => ({ value: code, label: `${LANGUAGE_NAMES.of(code) ?? code} (${code})` }))}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={(langs) => onChange(LANGUAGES.filter((code) => langs.includes(code)))}
          style={{ width: '100%' }}
        />
      );
    case 'timezone':
      return (
        <Select<string>
          {...common}
          showSearch
          options={(TIME_ZONES.includes(String(value)) ? TIME_ZONES : [String(value), ...TIME_ZONES]).map((zone) => ({
            value: zone,
            label: zone,
          }))}
          value={typeof value === 'string' ? value : undefined}
          onChange={(zone) => onChange(zone)}
          style={{ width: 280 }}
        />
      );
    case 'hours': {
      const hours = (value && typeof value === 'object' ? value : { from: '', to: '' }) as { from: string; to: string };
      return (
        <Space wrap>
          <label htmlFor={id}>From</label>
          <Input
            id={id}
            type="time"
            disabled={disabled}
            status={status}
            value={hours.from}
            onChange={(event) => onChange({ ...hours, from: event.target.value })}
            style={{ width: 130 }}
            data-testid={`config-${configKey}-from`}
          />
          <label htmlFor={`${id}-to`}>to</label>
          <Input
            id={`${id}-to`}
            type="time"
            disabled={disabled}
            status={status}
            value={hours.to}
            onChange={(event) => onChange({ ...hours, to: event.target.value })}
            style={{ width: 130 }}
            data-testid={`config-${configKey}-to`}
          />
        </Space>
      );
    }
    case 'select':
      return (
        <Select<string>
          {...common}
          options={enumOptions(configKey).map((option) => ({ value: option, label: option }))}
          value={typeof value === 'string' ? value : undefined}
          onChange={(option) => onChange(option)}
          style={{ width: 200 }}
        />
      );
    case 'weekday':
      return (
        <Select<number>
          {...common}
          options={WEEKDAYS}
          value={typeof value === 'number' ? value : undefined}
          onChange={(day) => onChange(day)}
          style={{ width: 200 }}
        />
      );
    case 'words':
      return (
        <Select<string[]>
          {...common}
          mode="tags"
          open={false}
          tokenSeparators={[',', '\n']}
          placeholder={FIELD_META[configKey]?.placeholder ?? 'No words'}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={(words) => onChange([...new Set(words.map((word) => word.trim()).filter(Boolean))])}
          style={{ width: '100%' }}
        />
      );
    case 'moneyList': {
      const amounts = Array.isArray(value) ? (value as string[]) : [];
      const set = (index: number, amount: string | null) =>
        onChange(
          amount === null ? amounts.filter((_, i) => i !== index) : amounts.map((a, i) => (i === index ? amount : a)),
        );
      return (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {amounts.map((amount, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a rank is its position in the list
            <Space key={index} size={4}>
              <label htmlFor={index === 0 ? id : `${id}-${index + 1}`} style={{ width: 64 }}>
                Rank {index + 1}
              </label>
              <Input
                id={index === 0 ? id : `${id}-${index + 1}`}
                inputMode="decimal"
                disabled={disabled}
                status={status}
                prefix={currency}
                value={amount}
                onChange={(event) => set(index, event.target.value.trim())}
                style={{ width: 160 }}
                data-testid={`config-${configKey}-${index + 1}`}
              />
              <Button disabled={disabled} onClick={() => set(index, null)} aria-label={`Remove rank ${index + 1}`}>
                Remove
              </Button>
            </Space>
          ))}
          <Button
            disabled={disabled}
            onClick={() => onChange([...amounts, '0.00'])}
            data-testid={`config-${configKey}-add`}
          >
            Add rank {amounts.length + 1}
          </Button>
        </Space>
      );
    }
    case 'rates3': {
      const rates = Array.isArray(value) ? (value as string[]) : ['', '', ''];
      return (
        <Space wrap>
          {[0, 1, 2].map((level) => (
            <Space key={level} size={4}>
              <label htmlFor={level === 0 ? id : `${id}-${level + 1}`}>Level {level + 1}</label>
              <Input
                id={level === 0 ? id : `${id}-${level + 1}`}
                inputMode="decimal"
                disabled={disabled}
                status={status}
                value={rates[level] ?? ''}
                onChange={(event) => {
                  const next = [0, 1, 2].map((i) => rates[i] ?? '');
                  next[level] = event.target.value.trim();
                  onChange(next);
                }}
                style={{ width: 100 }}
                data-testid={`config-${configKey}-${level + 1}`}
              />
              {percent(rates[level])}
            </Space>
          ))}
        </Space>
      );
    }
    default:
      return (
        <Input.TextArea
          {...common}
          value={JSON.stringify(value)}
          onChange={(event) => {
            try {
              onChange(JSON.parse(event.target.value));
            } catch {
              onChange(event.target.value);
            }
          }}
        />
      );
  }
}
