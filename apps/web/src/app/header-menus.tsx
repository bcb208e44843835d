import { LogIn, LogOut, Menu, Monitor, Moon, Sun, UserPlus, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { LanguageMenu } from '@/components/layout/language-menu';
import { ThemeMenu } from '@/components/layout/theme-menu';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { CreditsSummary } from '@/features/add-item/components/credits-summary';
import { useAuth } from '@/lib/auth';
import { errorMessageKey } from '@/lib/error-messages';
import { currentLanguage, SUPPORTED_LANGUAGES, type Language } from '@/lib/i18n';
import { THEMES, useTheme, type Theme } from '@/lib/theme';

export type HeaderLink = { id: string; href: string; label: string; icon?: LucideIcon };

const NATIVE_NAMES: Record<Language, string> = { en: 'English', 'zh-CN': '中文' };
const THEME_ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

function LinkItems({ links }: { links: readonly HeaderLink[] }) {
  return links.map(({ id, href, label, icon: Icon }) => (
    <DropdownMenuItem key={id} asChild>
      <Link to={href} data-testid={`menu-${id}`}>
        {Icon ? <Icon className="size-4 text-muted-foreground" aria-hidden="true" /> : null}
        {label}
      </Link>
    </DropdownMenuItem>
  ));
}

/** Theme and language as radio groups inside a menu. */
function PreferenceItems() {
  const { t, i18n } = useTranslation();
  const { theme, setTheme } = useTheme();
  const lang = currentLanguage();
  return (
    <>
      <DropdownMenuLabel>{t('theme.label')}</DropdownMenuLabel>
      <DropdownMenuRadioGroup value={theme} onValueChange={(value) => setTheme(value as Theme)}>
        {THEMES.map((option) => {
          const Icon = THEME_ICONS[option];
          return (
            <DropdownMenuRadioItem key={option} value={option}>
              <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
              {t(`theme.${option}`)}
            </DropdownMenuRadioItem>
          );
        })}
      </DropdownMenuRadioGroup>
      <DropdownMenuSeparator />
      <DropdownMenuLabel>{t('language.label')}</DropdownMenuLabel>
      <DropdownMenuRadioGroup value={lang} onValueChange={(value) => void i18n.changeLanguage(value)}>
        {SUPPORTED_LANGUAGES.map((code) => (
          <DropdownMenuRadioItem key={code} value={code} lang={code}>
            {NATIVE_NAMES[code]}
          </DropdownMenuRadioItem>
        ))}
      </DropdownMenuRadioGroup>
    </>
  );
}

type AccountMenuProps = {
  label: string;
  trigger: ReactNode;
  /** The page links (Explore, My shelf …): only in the compact (phone) menu. */
  navLinks?: readonly HeaderLink[];
  /** Profile, settings, insights, admin. */
  links: readonly HeaderLink[];
  title: string;
  subtitle: string | null;
  compact?: boolean;
};

/** The signed-in menu: who is signed in, their credits, their pages, theme, language and Sign out (on a phone also the main links). */
export function AccountMenu({ label, trigger, navLinks = [], links, title, subtitle, compact = false }: AccountMenuProps) {
  const { t } = useTranslation();
  const { signOut } = useAuth();
  const onSignOut = () => {
    signOut().catch((error: unknown) => toast.error(t(errorMessageKey(error))));
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={label} title={label} data-testid={compact ? 'header-menu' : 'account-menu'}>
          {trigger}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" portal={false} className="max-h-[calc(100dvh-5rem)] w-64 overflow-y-auto">
        <div className="grid px-3 py-2">
          <span className="truncate text-sm font-semibold">{title}</span>
          {subtitle ? <span className="truncate text-sm text-muted-foreground">{subtitle}</span> : null}
        </div>
        <DropdownMenuSeparator />
        <CreditsSummary variant="menu" />
        <DropdownMenuSeparator />
        {navLinks.length > 0 ? (
          <>
            <DropdownMenuGroup>
              <LinkItems links={navLinks} />
            </DropdownMenuGroup>
            <DropdownMenuSeparator />
          </>
        ) : null}
        {links.length > 0 ? (
          <>
            <DropdownMenuGroup>
              <LinkItems links={links} />
            </DropdownMenuGroup>
            <DropdownMenuSeparator />
          </>
        ) : null}
        <PreferenceItems />
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onSignOut} data-testid="menu-sign-out">
          <LogOut className="size-4 text-muted-foreground" aria-hidden="true" />
          {t('nav.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** A guest's phone menu: the main links, Sign in, Create account, theme and language. */
export function GuestMenu({ links }: { links: readonly HeaderLink[] }) {
  const { t } = useTranslation();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t('nav.menu')} title={t('nav.menu')} data-testid="header-menu">
          <Menu className="size-5" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" portal={false} className="max-h-[calc(100dvh-5rem)] w-64 overflow-y-auto">
        <DropdownMenuGroup>
          <LinkItems links={links} />
          <LinkItems
            links={[
              { id: 'sign-in', href: paths.login.getHref(), label: t('nav.signIn'), icon: LogIn },
              { id: 'create-account', href: `${paths.login.getHref()}?tab=sign-up`, label: t('nav.createAccount'), icon: UserPlus },
            ]}
          />
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <PreferenceItems />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** A guest's desktop controls: language and theme. */
export function GuestPreferences() {
  return (
    <>
      <LanguageMenu />
      <ThemeMenu />
    </>
  );
}
