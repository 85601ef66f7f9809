import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '../lib/i18n.ts';
import { Button } from './ui/button.tsx';

/** Switches between Portuguese and English; the button names the other language. */
export function LanguageToggle() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const other = language === 'pt' ? 'en' : 'pt';
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => void setLanguage(other)}
      aria-label={t('language.switchTo')}
      lang={other === 'en' ? 'en' : 'pt-BR'}
    >
      <span aria-hidden="true">{other.toUpperCase()}</span>
    </Button>
  );
}
