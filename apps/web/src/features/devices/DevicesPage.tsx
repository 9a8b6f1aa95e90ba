import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isAdmin, isSalesRep, can } from '@portal/contracts/permissions';
import { DEVICE_LIST_TEXTS, deviceListQuerySchema, type InstalledDevice } from '@portal/contracts/devices';
import { countOf, formatDate } from '@portal/contracts/format';
import { useSession } from '../session/index.ts';
import { Field } from '../../components/form/Field.tsx';
import { CardTable } from '../../components/CardTable.tsx';
import { ListResults, ListSkeleton, NoMatch } from '../../components/ListStates.tsx';
import { BackToDashboard, PageLoadError, PageLoading, PageMessage } from '../../components/PageStates.tsx';
import { DEVICES_PER_PAGE, devicesQuery } from './api.ts';
import { planWords, stateWords, vehicleWords } from './words.ts';
import './devices.css';

const TITLE = 'Devices';
const searchSchema = deviceListQuerySchema.pick({ q: true });
type SearchInput = { q?: string };

/**
 * /devices (issue 29 §5): the devices installed for the business the session acts for, found by serial or
 * VIN, each leading to its history. The server decides whose devices these are; the page asks the same
 * rule (contracts' `devices`) only to say why someone has none to see.
 */
export default function DevicesPage() {
  const { data: session } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const q = (params.get('q') ?? '').trim().toUpperCase();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const user = session?.user ?? null;
  const business = session?.selectedBusiness ?? null;
  const allowed = !!user && can({ user, hasSelectedBusiness: business !== null }, 'devices');
  const list = useQuery({ ...devicesQuery(q, (page - 1) * DEVICES_PER_PAGE), enabled: allowed });

  const form = useForm<SearchInput, unknown, { q?: string }>({
    resolver: zodResolver(searchSchema),
    defaultValues: { q },
  });
  useEffect(() => form.reset({ q }), [q, form]);
  const go = (next: { q?: string; page?: number }) => {
    const query = new URLSearchParams();
    if (next.q) query.set('q', next.q);
    if (next.page && next.page > 1) query.set('page', String(next.page));
    const search = query.toString();
    void navigate(search ? `/devices?${search}` : '/devices');
  };
  const onSubmit = form.handleSubmit((values) => go({ q: values.q ?? '' }));

  if (!session) return <PageLoading className="devices-page" title={TITLE} />;
  if (!allowed)
    return (
      <PageMessage className="devices-page" title={TITLE}>
        <p>
          {user && !business && (isSalesRep(user) || isAdmin(user))
            ? DEVICE_LIST_TEXTS.selectBusiness
            : DEVICE_LIST_TEXTS.noBusiness}
        </p>
        <BackToDashboard />
      </PageMessage>
    );
  if (list.isError && !list.data)
    return (
      <PageLoadError className="devices-page" title={TITLE} error={list.error} onRetry={() => void list.refetch()} />
    );

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.count / DEVICES_PER_PAGE)) : 1;
  return (
    <div className="page devices-page">
      <h1>{TITLE}</h1>
      <p className="muted">Installed for {business!.companyName}</p>
      <form className="devices-search" role="search" aria-label="Find a device" onSubmit={onSubmit} noValidate>
        <Field
          label="Serial number or VIN"
          hint="A serial’s first digits, a whole VIN or its last 6 or more characters"
          error={form.formState.errors.q?.message}
        >
          <input
            type="search"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={17}
            placeholder="e.g. 10230000234"
            {...form.register('q')}
          />
        </Field>
        <button type="submit" className="button">
          Search
        </button>
      </form>
      <p className="devices-count" aria-live="polite">
        {data ? countOf(data.count, 'device') + (pages > 1 ? ` · page ${page} of ${pages}` : '') : 'Loading…'}
      </p>

      {!data ? (
        <ListSkeleton rows={4} />
      ) : data.count === 0 && !q ? (
        <div className="empty-state devices-empty">
          <h2>No devices installed yet</h2>
          <p>
            A device shows here once it is activated and installed for {business!.companyName}. Activate one to start
            its history.
          </p>
          <p>
            <Link className="button" to="/activation">
              Activate a device
            </Link>
          </p>
        </div>
      ) : data.count === 0 ? (
        <NoMatch className="devices-no-match" onClear={() => go({})}>
          No device of {business!.companyName} matches {q}. Check the serial on the unit or the VIN on the car.
        </NoMatch>
      ) : (
        <ListResults refreshing={list.isPlaceholderData}>
          <DeviceTable devices={data.results} />
          {pages > 1 && (
            <nav className="button-row devices-pager" aria-label="Pages of devices">
              <button
                type="button"
                className="button button-secondary"
                disabled={page <= 1}
                onClick={() => go({ q, page: page - 1 })}
              >
                Previous
              </button>
              <button
                type="button"
                className="button button-secondary"
                disabled={page >= pages}
                onClick={() => go({ q, page: page + 1 })}
              >
                Next
              </button>
            </nav>
          )}
        </ListResults>
      )}
    </div>
  );
}

function DeviceTable({ devices }: { devices: InstalledDevice[] }) {
  return (
    <CardTable
      className="card-table devices-table"
      caption="Devices installed for the business"
      rows={devices}
      rowKey={(device) => device.device_key}
      rowHeader={{
        label: 'Serial',
        cell: (device) => <Link to={`/devices/${device.device_key}`}>{device.device_key}</Link>,
      }}
      columns={[
        { label: 'Product', cell: (device) => device.product ?? 'Not known' },
        { label: 'State', cell: (device) => stateWords(device.device_state) },
        { label: 'Plan', cell: (device) => planWords(device.plan) },
        {
          label: 'Vehicle',
          cell: (device) => (
            <span>
              {vehicleWords(device.vehicle) ?? 'Not recorded'}
              {device.vehicle?.vin && <span className="devices-vin">VIN {device.vehicle.vin}</span>}
            </span>
          ),
        },
        {
          label: 'Installed',
          cell: (device) => (
            <span>
              <time dateTime={device.installed_at}>{formatDate(device.installed_at)}</time>
              {device.installed_by && ` by ${device.installed_by.name}`}
            </span>
          ),
        },
      ]}
    />
  );
}
