import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useIdentity } from '@portal/identity';
import { Loader } from '@portal/ui';
import { isSameSitePath } from '../../../shared/navigation';

/** Where /logout goes afterwards: the `redirect` parameter when it is a path on this site, else /login. */
export function logoutTarget(redirect: string | null): string {
  return isSameSitePath(redirect) ? redirect : '/login';
}

/** `/logout`: logs out, then goes on (spec 000 §2); a failed logout is only logged (spec 000 §8). */
export function LogoutPage() {
  const { provider } = useIdentity();
  const navigate = useNavigate();
  const target = logoutTarget(useSearchParams()[0].get('redirect'));
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void provider
      .logout()
      .catch((error: unknown) => console.warn('logout failed', error))
      .finally(() => navigate(target, { replace: true }));
  }, [provider, navigate, target]);
  return <Loader />;
}
