import { Button, Dialog, Tag, Toast } from 'antd-mobile';
import { EnvironmentOutline } from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '../../api';
import { api } from '../../api/routes';
import { Page } from '../../components/Page';
import { Refresh } from '../../components/Refresh';
import { EmptyState, LoadError, LoadingSkeleton } from '../../components/States';
import { queryClient } from '../../lib/queryClient';
import { AddressSheet } from './AddressSheet';
import { chooserTarget, withAddressId } from './addressChooser';
import { addressInput, draftOf } from './addressForm';
import { type Address, addressesKey, useAddresses } from './useAddresses';
import './address.css';

function AddressCard({ address, children }: { address: Address; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="address-head">
        <span className="address-icon" aria-hidden="true">
          <EnvironmentOutline />
        </span>
        <div className="address-text">
          <div className="address-name">
            <span data-testid="address-name">
              {address.firstName} {address.lastName}
            </span>
            {address.isDefault ? (
              <Tag color="primary" fill="outline" data-testid="address-default">
                {t('address.default')}
              </Tag>
            ) : null}
          </div>
          <div className="muted small">
            {address.phone}
            {address.email ? ` · ${address.email}` : ''}
          </div>
          <div className="address-lines small" data-testid="address-lines">
            <div>{address.detail}</div>
            <div>
              {address.city}, {address.region} {address.postalCode}
            </div>
          </div>
        </div>
      </div>
      {children}
    </>
  );
}

/**
 * pagesB/wallet/myAddress: the user's shipping addresses, the default first. Opened with
 * `?select=1&returnTo=<path>` it is a chooser (see addressChooser.ts): a tap returns the address.
 */
export default function AddressPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { returnTo } = chooserTarget(params);
  const addresses = useAddresses();
  // undefined: the sheet is closed; null: a new address; else the address edited.
  const [editing, setEditing] = useState<Address | null | undefined>(undefined);
  const [busyId, setBusyId] = useState<number | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: addressesKey });

  const remove = async (address: Address) => {
    const ok = await Dialog.confirm({
      content: t('address.deleteConfirm', { name: `${address.firstName} ${address.lastName}` }),
      confirmText: <span data-testid="address-delete-confirm">{t('address.delete')}</span>,
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    setBusyId(address.id);
    try {
      await call(api.addresses.remove, {}, { id: address.id });
      Toast.show({ icon: 'success', content: t('address.deleted') });
      await refresh();
    } catch {
      // the client has shown the server's message
    } finally {
      setBusyId(null);
    }
  };

  const makeDefault = async (address: Address) => {
    setBusyId(address.id);
    try {
      // the update replaces the whole address: the same fields, now the default
      await call(api.addresses.update, addressInput({ ...draftOf(address), isDefault: true }), { id: address.id });
      Toast.show({ icon: 'success', content: t('address.defaultSet') });
      await refresh();
    } catch {
      // the client has shown the server's message
    } finally {
      setBusyId(null);
    }
  };

  let body: ReactNode;
  if (addresses.isPending) body = <LoadingSkeleton lines={6} />;
  else if (addresses.isError) body = <LoadError onRetry={() => void addresses.refetch()} />;
  else if (addresses.data.length === 0)
    body = <EmptyState title={t('address.empty')} description={t('address.emptyHint')} testId="address-empty" />;
  else
    body = addresses.data.map((address) =>
      returnTo ? (
        <button
          type="button"
          key={address.id}
          className="card address-row address-choice"
          data-testid={`address-choose-${address.id}`}
          onClick={() => navigate(withAddressId(returnTo, address.id), { replace: true })}
        >
          <AddressCard address={address} />
        </button>
      ) : (
        <div className="card address-row" key={address.id} data-testid={`address-row-${address.id}`}>
          <AddressCard address={address}>
            <div className="row-actions address-actions">
              {address.isDefault ? null : (
                <Button
                  size="small"
                  fill="none"
                  color="primary"
                  disabled={busyId === address.id}
                  onClick={() => void makeDefault(address)}
                  data-testid={`address-set-default-${address.id}`}
                >
                  {t('address.setDefault')}
                </Button>
              )}
              <Button
                size="small"
                fill="outline"
                disabled={busyId === address.id}
                onClick={() => setEditing(address)}
                data-testid={`address-edit-${address.id}`}
              >
                {t('address.edit')}
              </Button>
              <Button
                size="small"
                fill="outline"
                color="danger"
                disabled={busyId === address.id}
                onClick={() => void remove(address)}
                data-testid={`address-delete-${address.id}`}
              >
                {t('address.delete')}
              </Button>
            </div>
          </AddressCard>
        </div>
      ),
    );

  return (
    <Page title={returnTo ? t('address.chooseTitle') : t('address.title')} padded={false} testId="address-page">
      <Refresh onRefresh={() => addresses.refetch()}>
        <div className="padded list">
          {returnTo ? <p className="muted small note">{t('address.chooseHint')}</p> : null}
          {body}
          <Button
            block
            color="primary"
            size="large"
            className="mt16"
            onClick={() => setEditing(null)}
            data-testid="address-add"
          >
            {t('address.add')}
          </Button>
        </div>
      </Refresh>
      {editing !== undefined ? (
        <AddressSheet
          address={editing}
          onClose={() => setEditing(undefined)}
          onSaved={async () => {
            setEditing(undefined);
            await refresh();
          }}
        />
      ) : null}
    </Page>
  );
}
