import { useTranslation } from 'react-i18next';
import { LegalPage, type LegalSection } from '@/components/layout/legal-page';
import { useDocumentMeta } from '@/hooks/use-document-meta';

const SECTIONS: LegalSection[] = [
  { key: 'account', points: ['own', 'age'] },
  { key: 'content', points: ['own', 'rights'] },
  { key: 'rules', points: ['respect', 'moderation'] },
  { key: 'credits', points: ['cost', 'maintenance'] },
  { key: 'service', points: ['asis', 'end'] },
];

export default function TermsRoute() {
  const { t } = useTranslation();
  useDocumentMeta({ title: t('legal.terms.metaTitle') });
  return <LegalPage page="terms" updated="2026-11-22" sections={SECTIONS} />;
}
