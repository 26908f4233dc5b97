import { Navigate, useParams } from 'react-router-dom';
import { useSite } from '@portal/cms';
import { UpcomingPage } from '@portal/ui';

/**
 * `/preferences/token/{token}`. Without a token or without the marketing preference centre in the metadata the
 * visitor goes to `/preferences/error/notfound` (spec 001 §2); the token exchange and tabs come with the
 * preference centre journey.
 */
export function PreferenceCentreEntry() {
  const { token } = useParams();
  const { metadata } = useSite();
  if (!token || !metadata.marketingPreferenceCenter?.apiKey) return <Navigate to="/preferences/error/notfound" replace />;
  return <UpcomingPage />;
}
