import { useTranslation } from 'react-i18next';
import { LegalPage, type LegalSection } from '@/components/layout/legal-page';
import { useDocumentMeta } from '@/hooks/use-document-meta';

const SECTIONS: LegalSection[] = [
  { key: 'collect', points: ['account', 'profile', 'photos', 'social', 'feedback'] },
  { key: 'analytics', points: ['what', 'retention', 'dnt', 'views'] },
  { key: 'visibility', points: ['public', 'notes', 'messages'] },
  { key: 'device', points: ['storage'] },
  { key: 'choices', points: ['control'] },
];

export default function PrivacyRoute() {
  const { t } = useTranslation();
  useDocumentMeta({ title: t('legal.privacy.metaTitle') });
  return <LegalPage page="privacy" updated="2026-11-22" sections={SECTIONS} />;
}
