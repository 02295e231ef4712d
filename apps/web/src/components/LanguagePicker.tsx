import { LANGUAGES } from '@app/contracts';
import { CheckList, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, setLanguage } from '../i18n';
import { useSession } from '../store/session';

/** Bottom sheet listing the six languages; testids `lang-option-<code>`. */
export function LanguagePicker({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useSession((s) => s.language);
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet">
      <div className="sheet-title">{t('language.title')}</div>
      <CheckList
        value={[language]}
        onChange={(values) => {
          const next = values[0];
          if (next) setLanguage(next as (typeof LANGUAGES)[number]);
          onClose();
        }}
      >
        {LANGUAGES.map((code) => (
          <CheckList.Item key={code} value={code} data-testid={`lang-option-${code}`}>
            {LANGUAGE_NAMES[code]}
          </CheckList.Item>
        ))}
      </CheckList>
    </Popup>
  );
}
