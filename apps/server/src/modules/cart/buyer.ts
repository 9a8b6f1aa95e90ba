import { CART_TEXTS, canBuyPlans, canPurchase, isConsumer, messages } from '@portal/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { refuse } from '../../refusal.ts';
import type { Actor } from '../../actor.ts';
import type { Buyer } from './pricing.ts';
import * as repo from './repo.ts';

/**
 * Who buys, and the plan lines of their cart: what the cart's door gives other modules (the plan purchase). A leaf
 * of the module: it imports no other module's door, so a module the cart reads (acting) may still use the door.
 */

/** spec 01 §6, spec 02 §1: why someone without purchasing rights may not buy (the 403's detail). */
export const purchaseDenied = (actor: Actor) =>
  // A consumer has no product checkout at all; no dealer's owner could grant it.
  isConsumer(actor.user) ? messages.consumerNoProductCheckout : CART_TEXTS.noPurchasingRights;

export const isBuyer = (actor: Actor): actor is Buyer => canPurchase(actor.user) && actor.business !== null;

/** Who may buy (spec 01 §6, spec 02 §4): purchasing rights, and a business to buy for. */
export function buyerOf(actor: Actor): Buyer {
  if (isBuyer(actor)) return actor;
  // Rights first: sales reps always have them, so only a rep can meet the "no linked business" text.
  if (!canPurchase(actor.user)) throw refuse.forbidden(purchaseDenied(actor));
  throw refuse.invalid(messages.noLinkedBusiness);
}

export const isPlanBuyer = (actor: Actor): actor is Buyer => canBuyPlans(actor.user) && actor.business !== null;

/**
 * Who may buy plans (issue 30; contracts' `canBuyPlans`): a buyer of products, or a consumer for their own account
 * (B2C-…). Which devices is the devices module's rule, asked line by line: the account's installed devices, or one
 * installed for nobody with its ICCID digits. The cart of plan lines is the same cart; its product calls stay
 * `buyerOf`'s.
 */
export function planBuyerOf(actor: Actor): Buyer {
  if (isPlanBuyer(actor)) return actor;
  if (!canBuyPlans(actor.user)) throw refuse.forbidden(purchaseDenied(actor));
  throw refuse.invalid(messages.noLinkedBusiness);
}

/**
 * The devices among these that have a plan line in the buyer's open cart (issue 30). A line is put in the cart
 * only by someone who may reach its device — for a device installed for nobody, with the ICCID digits printed on
 * it — so the subscription checkout takes a line in the buyer's cart as that proof already given.
 */
export const subscriptionLineDevices = (
  db: Db | Tx,
  owner: { userId: string; businessPartnerId: string },
  deviceKeys: string[],
) => repo.subscriptionLineDevicesOf(db, owner.userId, owner.businessPartnerId, deviceKeys);

/**
 * The plan purchase (issue 30 item 3) bought these devices' plans: their lines leave the buyer's open cart for the
 * business, in the purchase's own transaction.
 */
export const removeSubscriptionLines = (
  tx: Tx,
  owner: { userId: string; businessPartnerId: string },
  deviceKeys: string[],
) => repo.deleteSubscriptionLinesOf(tx, owner.userId, owner.businessPartnerId, deviceKeys);
