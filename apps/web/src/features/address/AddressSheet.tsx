import { api as endpoints } from '@app/contracts';
import { Button, Popup, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api';
import { api } from '../../api/routes';
import { Field, FormError, TextInput, useFormErrors } from '../../components/Field';
import { errorMessage, refusalOf } from '../../lib/validate';
import { useSession } from '../../store/session';
import {
  type AddressDraft,
  type AddressField,
  addressInput,
  addressProblems,
  draftOf,
  EMPTY_ADDRESS,
} from './addressForm';
import type { Address } from './useAddresses';

// The contract's lengths (addressInput), so a field cannot be typed past what the server takes.
const LIMITS: Record<AddressField, number> = {
  firstName: 50,
  lastName: 50,
  phone: 30,
  email: 254,
  region: 100,
  city: 100,
  postalCode: 20,
  detail: 300,
};

/** The add / edit form of an address, in a bottom sheet; each problem shown under its field. */
export function AddressSheet({
  address,
  onClose,
  onSaved,
}: {
  address: Address | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const language = useSession((s) => s.language);
  const [draft, setDraft] = useState<AddressDraft>(() => (address ? draftOf(address) : EMPTY_ADDRESS));
  const [problems, setProblems] = useState<Partial<Record<string, string>>>({});
  // Every problem of the draft at once, each under its field; the server's refusal is the form's.
  const errors = useFormErrors('address-error');
  const [busy, setBusy] = useState(false);

  const set = (field: keyof AddressDraft, value: string | boolean) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setProblems((p) => ({ ...p, [field]: undefined }));
    errors.clear();
  };

  const save = async () => {
    const found = addressProblems(endpoints.addresses.create.input, draft);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const input = addressInput(draft);
    setBusy(true);
    try {
      if (address) await call(api.addresses.update, input, { id: address.id }, { quiet: true });
      else await call(api.addresses.create, input, undefined, { quiet: true });
      Toast.show({ icon: 'success', content: t('address.saved') });
      await onSaved();
    } catch (e) {
      errors.show(refusalOf(e, t('common.loadFailedHint')));
    } finally {
      setBusy(false);
    }
  };

  const text = (
    field: AddressField,
    props: { type?: string; inputMode?: 'tel' | 'email' | 'text'; optional?: boolean },
  ) => {
    const label = props.optional
      ? t('address.optional', { field: t(`address.fields.${field}`) })
      : t(`address.fields.${field}`);
    const problem = problems[field];
    return (
      <Field
        label={label}
        error={problem ? errorMessage(problem, language, t(`address.fields.${field}`)) : ''}
        errorTestId={`address-${field}-error`}
      >
        <TextInput
          data-testid={`address-${field}`}
          name={field}
          type={props.type ?? 'text'}
          inputMode={props.inputMode}
          maxLength={LIMITS[field]}
          value={draft[field]}
          onChange={(e) => set(field, e.target.value)}
        />
      </Field>
    );
  };

  return (
    <Popup
      visible
      onMaskClick={busy ? undefined : onClose}
      onClose={onClose}
      bodyClassName="sheet address-sheet"
      destroyOnClose
    >
      <form
        data-testid="address-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <div className="sheet-title">{address ? t('address.edit') : t('address.add')}</div>
        <div className="form address-form">
          <div className="address-pair">
            {text('firstName', {})}
            {text('lastName', {})}
          </div>
          {text('phone', { type: 'tel', inputMode: 'tel' })}
          {text('email', { type: 'email', inputMode: 'email', optional: true })}
          <div className="address-pair">
            {text('region', {})}
            {text('city', {})}
          </div>
          {text('postalCode', {})}
          {text('detail', {})}
          <label className="address-default-row">
            <span>{t('address.makeDefault')}</span>
            <input
              type="checkbox"
              className="address-default-check"
              checked={draft.isDefault}
              onChange={(e) => set('isDefault', e.target.checked)}
              data-testid="address-isDefault"
            />
          </label>
          <FormError {...errors.form} />
          <div className="sheet-actions">
            <Button block fill="outline" onClick={onClose} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button block color="primary" type="submit" loading={busy} data-testid="address-save">
              {t('address.save')}
            </Button>
          </div>
        </div>
      </form>
    </Popup>
  );
}
