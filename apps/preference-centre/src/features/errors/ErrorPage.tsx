import { useParams } from 'react-router-dom';
import { ErrorMessage } from '@portal/ui';

/** `/preferences/error/{errorCodeParameter}` and `/error/{errorCode}`: headline and message (spec 001 §2). */
export function ErrorPage() {
  const params = useParams();
  return <ErrorMessage code={params.errorCodeParameter ?? params.errorCode ?? 'unknown'} />;
}
