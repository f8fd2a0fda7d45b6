import { lazy, Suspense } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { noticeFrom } from './redirectNotice';

// The Alert loads only when there is a notice to show (rare), not with every page.
const NoticeAlert = lazy(() => import('./NoticeAlert'));

/** Shows a notice passed in router state; closing it clears the state so it does not return. */
export function RedirectNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const notice = noticeFrom(location.state);
  if (!notice) return null;
  const dismiss = () => navigate(location, { replace: true, state: null });
  return (
    <Suspense fallback={null}>
      <NoticeAlert notice={notice} onClose={dismiss} />
    </Suspense>
  );
}
