import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Installer } from '@portal/contracts';
import { routes } from '@portal/contracts/endpoints/routes';
import { call } from '../../lib/api.ts';
import { alerts } from '../../components/alerts.ts';
import { sessionQuery } from '../session/index.ts';
import { installersQuery } from './api.ts';

/**
 * The dealer's installers with their owner, retired and purchaser flags (spec 02 §3, §4):
 * purchasing rights change through POST /api/update-user-permissions, retirement through PATCH
 * /api/installer/{id}. The owner's own flags are fixed.
 */
export function InstallersSection({ dealerId }: { dealerId: string }) {
  const queryClient = useQueryClient();
  const installers = useQuery(installersQuery(dealerId));
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: installersQuery(dealerId).queryKey }),
      // The user info (employees' purchasing rights) reloads after a change (spec 01 §7).
      queryClient.invalidateQueries({ queryKey: ['users-info'] }),
      queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }),
    ]);
  const purchasing = useMutation({
    mutationFn: ({ installer, on }: { installer: Installer; on: boolean }) =>
      call(routes.dealers.updateUserPermissions, {
        body: on
          ? { addUsersId: [installer.user_id], removeUsersId: [] }
          : { addUsersId: [], removeUsersId: [installer.user_id] },
      }),
    onSuccess: refresh,
    onError: (error) => alerts.showError(error),
  });
  const retirement = useMutation({
    mutationFn: ({ installer, on }: { installer: Installer; on: boolean }) =>
      call(routes.dealers.updateInstaller, { params: { id: installer.id }, body: { is_retired: on } }),
    onSuccess: refresh,
    onError: (error) => alerts.showError(error),
  });
  const busy = purchasing.isPending || retirement.isPending;

  return (
    <section className="card" aria-labelledby="installers-heading">
      <h2 id="installers-heading">Installers</h2>
      {installers.isPending ? (
        <p className="muted">Loading installers…</p>
      ) : installers.error ? (
        <p role="alert">The installers could not be loaded. Reload the page to try again.</p>
      ) : installers.data.results.length === 0 ? (
        <p>No installers yet. Invite your first installer below.</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="visually-hidden">Installers of this dealer</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">E-mail</th>
                <th scope="col">Role</th>
                <th scope="col">Can purchase</th>
                <th scope="col">Retired</th>
              </tr>
            </thead>
            <tbody>
              {installers.data.results.map((installer) => {
                const name = `${installer.first_name} ${installer.last_name}`;
                return (
                  <tr key={installer.id} className={installer.is_retired ? 'is-retired' : undefined}>
                    <th scope="row">{name}</th>
                    <td data-label="E-mail">{installer.email}</td>
                    <td data-label="Role">{installer.is_owner ? 'Owner' : 'Installer'}</td>
                    <td data-label="Can purchase">
                      <input
                        type="checkbox"
                        aria-label={`${name} can purchase`}
                        checked={installer.is_owner || installer.is_purchaser}
                        disabled={installer.is_owner || installer.is_retired || busy}
                        onChange={(e) => purchasing.mutate({ installer, on: e.target.checked })}
                      />
                    </td>
                    <td data-label="Retired">
                      <input
                        type="checkbox"
                        aria-label={`${name} is retired`}
                        checked={installer.is_retired}
                        disabled={installer.is_owner || busy}
                        onChange={(e) => retirement.mutate({ installer, on: e.target.checked })}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
