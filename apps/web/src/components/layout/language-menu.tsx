import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuRadioGroup, DropdownMenuRadioItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { currentLanguage, SUPPORTED_LANGUAGES, type Language } from '@/lib/i18n';

const NATIVE_NAMES: Record<Language, string> = { en: 'English', 'zh-CN': '中文' };

export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" className="max-sm:w-11 max-sm:px-0">
          <Languages className="size-5" aria-hidden="true" />
          <span className="sr-only">{t('language.label')} </span>
          <span className="max-sm:sr-only" lang={lang}>
            {NATIVE_NAMES[lang]}
          </span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" portal={false}>
        <DropdownMenuRadioGroup value={lang} onValueChange={(value) => void i18n.changeLanguage(value)}>
          {SUPPORTED_LANGUAGES.map((code) => (
            <DropdownMenuRadioItem key={code} value={code} lang={code}>
              {NATIVE_NAMES[code]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
