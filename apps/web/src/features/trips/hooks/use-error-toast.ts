import { useEffect } from 'react';
import toast from '../../../lib/notify';

/**
 * One toast per failed load, not per render: a retry that fails again says so again because
 * its failure time differs.
 */
export function useErrorToast(isError: boolean, failedAt: number, message: string, scope: string) {
  useEffect(() => {
    if (isError) toast.error(message, { id: `${scope}-${failedAt}` });
  }, [isError, failedAt, message, scope]);
}
