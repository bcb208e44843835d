import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '@/components/ui/card';
import { FeedbackForm } from '@/features/feedback/components/feedback-form';
import { useDocumentMeta } from '@/hooks/use-document-meta';

export default function FeedbackRoute() {
  const { t } = useTranslation();
  useDocumentMeta({ title: t('feedback.metaTitle'), description: t('feedback.intro') });
  return (
    <main id="main" tabIndex={-1} className="mx-auto w-full max-w-2xl flex-1 px-4 py-8 outline-none sm:px-6 sm:py-12">
      <div className="mb-6 grid gap-2">
        <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">{t('feedback.title')}</h1>
        <p className="text-muted-foreground">{t('feedback.intro')}</p>
      </div>
      <Card>
        <CardContent>
          <FeedbackForm />
        </CardContent>
      </Card>
    </main>
  );
}
