import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlockedRider, ReportBody, ReportReceipt } from '@aeropool/contract/safety';
import { api } from '../../../lib/api-client';
import { chatKeys } from '../../chat/api/chat-keys';
import { tripKeys } from '../../trips/api/trip-keys';

const safetyKeys = {
  all: ['safety'] as const,
  blocks: (userId: string) => [...safetyKeys.all, 'blocks', userId] as const,
};

/** A block or report changes cards and chats: every list that shows other riders refreshes. */
const useRefreshAfterSafetyChange = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: tripKeys.all }),
      queryClient.invalidateQueries({ queryKey: chatKeys.all }),
      queryClient.invalidateQueries({ queryKey: safetyKeys.all }),
    ]);
};

export function useBlockRider() {
  const refresh = useRefreshAfterSafetyChange();
  return useMutation({
    mutationFn: async (userId: string) => (await api.post('/blocks', { userId })).message,
    onSuccess: refresh,
  });
}

export function useUnblockRider() {
  const refresh = useRefreshAfterSafetyChange();
  return useMutation({
    mutationFn: async (userId: string) =>
      (await api.delete(`/blocks/${encodeURIComponent(userId)}`)).message,
    onSuccess: refresh,
  });
}

export function useReportRider() {
  const refresh = useRefreshAfterSafetyChange();
  return useMutation({
    mutationFn: async (body: ReportBody) => {
      const result = await api.post<ReportReceipt>('/reports', body);
      return result.message;
    },
    onSuccess: refresh,
  });
}

export function useBlockedRiders(userId: string) {
  return useQuery({
    queryKey: safetyKeys.blocks(userId),
    queryFn: async () => (await api.get<BlockedRider>('/blocks')).entities,
  });
}
