import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { routes } from '@portal/contracts/endpoints/routes';
import { call } from '../../lib/api.ts';

/** The device list and a device's history (issue 29 §5): the server decides whose devices these are. */

export const DEVICES_PER_PAGE = 20;

export const devicesQuery = (q: string, offset: number) =>
  queryOptions({
    queryKey: ['devices', 'list', q, offset],
    queryFn: ({ signal }) =>
      call(routes.devices.list, { query: { ...(q ? { q } : {}), limit: DEVICES_PER_PAGE, offset }, signal }),
    placeholderData: keepPreviousData,
  });

/** One device's facts: the list asked for its whole serial (a serial is its own prefix). */
export const deviceFactsQuery = (deviceKey: string) =>
  queryOptions({
    queryKey: ['devices', 'facts', deviceKey],
    queryFn: ({ signal }) =>
      call(routes.devices.list, { query: { q: deviceKey, limit: 5, offset: 0 }, signal }).then(
        (list) => list.results.find((d) => d.device_key === deviceKey) ?? null,
      ),
  });

/** Every call recorded on the device (the server keeps up to 200 a read), newest first as it answers. */
export const deviceHistoryQuery = (deviceKey: string) =>
  queryOptions({
    queryKey: ['devices', 'history', deviceKey],
    queryFn: ({ signal }) =>
      call(routes.devices.history, { params: { key: deviceKey }, query: { limit: 200 }, signal }),
  });

export const deviceActivationsQuery = (deviceKey: string) =>
  queryOptions({
    queryKey: ['devices', 'activations', deviceKey],
    queryFn: ({ signal }) => call(routes.activations.ofDevice, { params: { key: deviceKey }, signal }),
  });
