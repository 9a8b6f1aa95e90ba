import { DEVICE_LIST_TEXTS, isAdmin, isSalesRep } from '@portal/contracts';
import { requirePermission } from '../../plugins/actor.ts';

/**
 * Who may call GET /api/devices (issue 29 §5): signed in (401 otherwise), one of the people of the business
 * acted for or a rep acting for it (the contracts' `devices` rule, which the web's menu asks too); anyone
 * else is refused before the query is read (403 before 400).
 */
export const mayListDevices = requirePermission('devices', (actor) =>
  !actor.business && (isSalesRep(actor.user) || isAdmin(actor.user))
    ? DEVICE_LIST_TEXTS.selectBusiness
    : DEVICE_LIST_TEXTS.noBusiness,
);
