import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  AUDIT_PAGE_SIZE,
  type AuditEntry,
  type CaseKind,
  type DeskCase,
  type QueueQuery,
} from '@aeropool/contract/moderation';
import { api, ApiError } from '../../../lib/api-client';

const deskKeys = {
  all: ['desk'] as const,
  queue: (query: QueueQuery) => [...deskKeys.all, 'queue', query] as const,
  audit: () => [...deskKeys.all, 'audit'] as const,
};

/** A 4xx will answer the same again (a 404 means "not an operator"): only 5xx and network retry. */
const retryServerErrors = (failures: number, error: unknown) =>
  !(error instanceof ApiError && error.statusCode < 500) && failures < 2;

export function useQueue(query: QueueQuery) {
  const params = new URLSearchParams();
  if (query.kind) params.set('kind', query.kind);
  if (query.status) params.set('status', query.status);
  return useQuery({
    queryKey: deskKeys.queue(query),
    queryFn: async () => {
      const answer = await api.get<DeskCase, { total: number }>(
        `/admin/queue${params.size > 0 ? `?${params}` : ''}`,
      );
      return { cases: answer.entities, total: answer.total };
    },
    // A new filter keeps the current list (and the focused select) on screen until it answers.
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });
}

/** The audit log a page at a time, newest first; a full page may have older ones after it. */
export function useAudit() {
  return useInfiniteQuery({
    queryKey: deskKeys.audit(),
    queryFn: async ({ pageParam }) =>
      (await api.get<AuditEntry>(`/admin/audit${pageParam ? `?before=${pageParam}` : ''}`))
        .entities,
    initialPageParam: '',
    getNextPageParam: (last) => (last.length === AUDIT_PAGE_SIZE ? last.at(-1)?._id : undefined),
    retry: retryServerErrors,
  });
}

type DeskAction =
  | { type: 'reply'; ticketId: string; message: string }
  | { type: 'resolve'; kind: CaseKind; id: string }
  | { type: 'suspend' | 'lift'; riderId: string; reason: string };

const perform = async (action: DeskAction): Promise<string> => {
  switch (action.type) {
    case 'reply':
      return (
        await api.post(`/admin/tickets/${action.ticketId}/replies`, { message: action.message })
      ).message;
    case 'resolve':
      return (await api.post(`/admin/${action.kind}s/${action.id}/resolve`)).message;
    case 'suspend':
      return (await api.post(`/admin/riders/${action.riderId}/suspend`, { reason: action.reason }))
        .message;
    case 'lift':
      return (
        await api.post(`/admin/riders/${action.riderId}/lift-suspension`, { reason: action.reason })
      ).message;
  }
};

/**
 * Every desk action refreshes the queue and the audit log, which records it. A refused one too:
 * a 409 means another operator got there first, and the case's card must stop offering it.
 */
export function useDeskAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: perform,
    onSettled: () => queryClient.invalidateQueries({ queryKey: deskKeys.all }),
  });
}
