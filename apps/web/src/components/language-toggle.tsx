import { currentLanguage, setLanguage } from '../lib/i18n.ts';
import { useTranslation } from '../lib/use-translation.ts';
import { Button } from './ui/button.tsx';
import { toast } from './ui/toast.tsx';

/**
 * Switches between Portuguese and English; the button shows the other language's code and
 * its accessible name starts with that code (WCAG 2.5.3, label in name): "EN, Mudar para English".
 */
export function LanguageToggle() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const other = language === 'pt' ? 'en' : 'pt';
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() =>
        setLanguage(other).catch(() => toast({ title: t('common.language.loadFailed'), variant: 'destructive' }))
      }
      aria-label={`${other.toUpperCase()}, ${t('common.language.switchTo')}`}
      lang={other === 'en' ? 'en' : 'pt-BR'}
    >
      <span aria-hidden="true">{other.toUpperCase()}</span>
    </Button>
  );
}
