import { useParams } from 'react-router';
import { SiteFooter } from '@/components/layout/site-footer';
import { ProfilePage } from '@/features/profile/components/profile-page';

export default function ProfileRoute() {
  const { handle = '' } = useParams();
  return (
    <>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-content flex-1 px-4 py-6 outline-none sm:px-6 sm:py-10">
        <ProfilePage key={handle} handle={handle} />
      </main>
      <SiteFooter />
    </>
  );
}
