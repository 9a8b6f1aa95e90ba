// Written by scripts/endpoint-routes.ts from the endpoint map (npm run gen:routes); do not edit.
import type { RouteTable } from './route-table.ts';
import type { Endpoints } from './index.ts';

/** Where each call of the map goes, without its schemas (the web client's, scripts/endpoint-routes.ts). */
export const routes = {
  auth: {
    signIn: {
      method: 'POST',
      path: '/api/auth/sign-in',
    },
    secondFactor: {
      method: 'POST',
      path: '/api/auth/second-factor',
    },
    resendSecondFactorCode: {
      method: 'POST',
      path: '/api/auth/second-factor/resend',
    },
    forgotPassword: {
      method: 'POST',
      path: '/api/auth/forgot-password',
    },
    resetPassword: {
      method: 'POST',
      path: '/api/auth/reset-password',
    },
    changePassword: {
      method: 'POST',
      path: '/api/change-password',
    },
    signOutEverywhere: {
      method: 'POST',
      path: '/api/auth/sign-out-everywhere',
    },
    signOut: {
      method: 'POST',
      path: '/api/auth/sign-out',
    },
  },
  mfa: {
    status: {
      method: 'GET',
      path: '/api/mfa',
    },
    enableTotp: {
      method: 'POST',
      path: '/api/mfa/totp/enable',
    },
    confirmTotp: {
      method: 'POST',
      path: '/api/mfa/totp/confirm',
    },
    enableSms: {
      method: 'POST',
      path: '/api/mfa/sms/enable',
    },
    confirmSms: {
      method: 'POST',
      path: '/api/mfa/sms/confirm',
    },
    sendDisableCode: {
      method: 'POST',
      path: '/api/mfa/disable/send-code',
    },
    disable: {
      method: 'POST',
      path: '/api/mfa/disable',
    },
    forgetDevice: {
      method: 'DELETE',
      path: '/api/mfa/devices/:id',
    },
  },
  signedInSessions: {
    list: {
      method: 'GET',
      path: '/api/sessions',
    },
    end: {
      method: 'DELETE',
      path: '/api/sessions/:id',
    },
    listOfUser: {
      method: 'GET',
      path: '/api/admin/users/:userId/sessions',
    },
    endOfUser: {
      method: 'DELETE',
      path: '/api/admin/users/:userId/sessions/:id',
    },
  },
  accounts: {
    register: {
      method: 'POST',
      path: '/api/user/register',
    },
    resendSignUpEmail: {
      method: 'POST',
      path: '/api/user/email-resend',
    },
    verifyEmail: {
      method: 'GET',
      path: '/api/auth/verify-email',
      answers: 'redirect',
    },
    requestEmailChange: {
      method: 'POST',
      path: '/api/user/change-email',
    },
    acceptEmailChange: {
      method: 'POST',
      path: '/api/user/change-email/accept',
    },
    declineEmailChange: {
      method: 'POST',
      path: '/api/user/change-email/decline',
    },
    getUser: {
      method: 'GET',
      path: '/api/user/:id',
    },
    updateUser: {
      method: 'PATCH',
      path: '/api/user/:id',
    },
    getUserWithoutId: {
      method: 'GET',
      path: '/api/user',
    },
    updateUserWithoutId: {
      method: 'PATCH',
      path: '/api/user',
    },
    droneProfile: {
      method: 'GET',
      path: '/api/get-user-drone-profile',
    },
  },
  invitations: {
    invite: {
      method: 'POST',
      path: '/api/user/invite',
    },
    listPending: {
      method: 'GET',
      path: '/api/user/token',
    },
    resend: {
      method: 'POST',
      path: '/api/user/invite/:id/resend',
    },
    revoke: {
      method: 'DELETE',
      path: '/api/user/invite/:id',
    },
    tokenInfo: {
      method: 'GET',
      path: '/api/user/token-info',
    },
    setPassword: {
      method: 'POST',
      path: '/api/user/set-password',
    },
    decline: {
      method: 'DELETE',
      path: '/api/user/invite/decline/',
    },
  },
  session: {
    get: {
      method: 'GET',
      path: '/api/session',
    },
    selectBusiness: {
      method: 'POST',
      path: '/api/select-business',
    },
    clearBusiness: {
      method: 'DELETE',
      path: '/api/select-business',
    },
    savePreferences: {
      method: 'PUT',
      path: '/api/preferences',
    },
  },
  catalog: {
    menu: {
      method: 'GET',
      path: '/api/catalog/menu',
    },
    searchProducts: {
      method: 'POST',
      path: '/api/search-products',
    },
    searchCursor: {
      method: 'POST',
      path: '/api/search-products/cursor',
    },
    productBySku: {
      method: 'GET',
      path: '/api/product-by-sku/:sku',
    },
    productsByIds: {
      method: 'POST',
      path: '/api/products-by-ids',
    },
    productsBySkus: {
      method: 'POST',
      path: '/api/vehicle-saleor-products',
    },
    condensedProductsByIds: {
      method: 'POST',
      path: '/api/condensed-products-by-ids',
    },
    popularProducts: {
      method: 'GET',
      path: '/api/popular-products',
    },
    productImage: {
      method: 'GET',
      path: '/api/product-images/:sku/:file',
      answers: 'svg',
    },
  },
  content: {
    contactUs: {
      method: 'POST',
      path: '/api/contact-us',
    },
    homeCarousel: {
      method: 'GET',
      path: '/api/content/home-carousel',
    },
  },
  deals: {
    coupons: {
      method: 'GET',
      path: '/api/get-coupons',
    },
    discountedProducts: {
      method: 'GET',
      path: '/api/get-discounted-products',
    },
  },
  dev: {
    outbox: {
      method: 'GET',
      path: '/api/dev/outbox',
    },
  },
  dealerRequests: {
    submit: {
      method: 'POST',
      path: '/api/dealer-requests',
    },
    list: {
      method: 'GET',
      path: '/api/admin/dealer-requests',
    },
    get: {
      method: 'GET',
      path: '/api/admin/dealer-requests/:id',
    },
    approve: {
      method: 'POST',
      path: '/api/admin/dealer-requests/:id/approve',
    },
    decline: {
      method: 'POST',
      path: '/api/admin/dealer-requests/:id/decline',
    },
  },
  businessPartners: {
    list: {
      method: 'POST',
      path: '/api/business-partners',
    },
    get: {
      method: 'GET',
      path: '/api/business-partners/:id',
    },
    userInfo: {
      method: 'GET',
      path: '/api/users-info-saleor',
    },
  },
  dealers: {
    list: {
      method: 'GET',
      path: '/api/dealers',
    },
    get: {
      method: 'GET',
      path: '/api/dealers/:id',
    },
    listInstallers: {
      method: 'GET',
      path: '/api/dealers/:id/installers',
    },
    updateInstaller: {
      method: 'PATCH',
      path: '/api/installer/:id',
    },
    updateDealer: {
      method: 'PATCH',
      path: '/api/dealer/:id',
    },
    updateUserPermissions: {
      method: 'POST',
      path: '/api/update-user-permissions',
    },
    activity: {
      method: 'GET',
      path: '/api/my-business/activity',
    },
  },
  vehicles: {
    yearMakeModel: {
      method: 'POST',
      path: '/api/year-make-model',
    },
    decodeVin: {
      method: 'POST',
      path: '/api/dot-vehicle-by-vin',
    },
    vehicleInfo: {
      method: 'POST',
      path: '/api/vehicle-info',
    },
    internalWiring: {
      method: 'POST',
      path: '/api/internal-vehicle-wiring',
    },
    externalWiring: {
      method: 'POST',
      path: '/api/external-vehicle-wiring',
    },
    wiringByCategory: {
      method: 'POST',
      path: '/api/wiring-by-category',
    },
    instructionsByCategory: {
      method: 'POST',
      path: '/api/instructions-by-category',
    },
    guides: {
      method: 'POST',
      path: '/api/guides-by-vehicle-ids',
    },
    accessoryProducts: {
      method: 'POST',
      path: '/api/vehicle-saleor-accessory-products',
    },
    tHarnessesBySku: {
      method: 'POST',
      path: '/api/t-harness-by-sku',
    },
    productFeatures: {
      method: 'POST',
      path: '/api/product-features',
    },
    rootFolders: {
      method: 'GET',
      path: '/api/folder',
    },
    folder: {
      method: 'GET',
      path: '/api/folder/:slug',
    },
    document: {
      method: 'GET',
      path: '/api/documents/:id',
      answers: 'html',
    },
    vehicleImage: {
      method: 'GET',
      path: '/api/vehicle-images/:file',
      answers: 'svg',
    },
  },
  cart: {
    last: {
      method: 'GET',
      path: '/api/products-checkout/last-b2b-token',
    },
    byToken: {
      method: 'GET',
      path: '/api/products-checkout/:token',
    },
    create: {
      method: 'POST',
      path: '/api/products-checkout/create-b2b',
    },
    addLines: {
      method: 'POST',
      path: '/api/products-checkout/:token/add-lines',
    },
    updateLines: {
      method: 'POST',
      path: '/api/products-checkout/:token/update-lines',
    },
    deleteLines: {
      method: 'POST',
      path: '/api/products-checkout/:token/delete-lines',
    },
    shippingAddress: {
      method: 'POST',
      path: '/api/products-checkout/:token/update-b2b-shipping-address',
    },
    billingAddress: {
      method: 'POST',
      path: '/api/products-checkout/:token/update-b2b-billing-address',
    },
    shippingMethod: {
      method: 'POST',
      path: '/api/products-checkout/:token/update-shipping-method',
    },
    poNumber: {
      method: 'POST',
      path: '/api/products-checkout/:token/set-b2b-po-number',
    },
    payment: {
      method: 'POST',
      path: '/api/products-checkout/:token/set-b2b-payment',
    },
    complete: {
      method: 'POST',
      path: '/api/products-checkout/:token/complete-b2b-checkout',
    },
    putSubscriptionLine: {
      method: 'PUT',
      path: '/api/cart/subscription-lines',
    },
    deleteSubscriptionLine: {
      method: 'DELETE',
      path: '/api/cart/subscription-lines/:device_key',
    },
    matchPasted: {
      method: 'POST',
      path: '/api/quick-order/match',
    },
    addPasted: {
      method: 'POST',
      path: '/api/quick-order/add-to-cart',
    },
  },
  orders: {
    list: {
      method: 'POST',
      path: '/api/order-transactions',
    },
    byId: {
      method: 'POST',
      path: '/api/order-transaction',
    },
    reorder: {
      method: 'POST',
      path: '/api/order-transaction/reorder',
    },
    lastThreeProductIds: {
      method: 'GET',
      path: '/api/last-three-order-product-ids',
    },
  },
  billing: {
    summary: {
      method: 'GET',
      path: '/api/billing-summary',
    },
    invoices: {
      method: 'POST',
      path: '/api/invoices',
    },
    invoice: {
      method: 'POST',
      path: '/api/invoice',
    },
    creditMemos: {
      method: 'POST',
      path: '/api/credit-memos',
    },
    creditMemo: {
      method: 'POST',
      path: '/api/credit-memo',
    },
    pay: {
      method: 'POST',
      path: '/api/pay-invoice',
    },
  },
  paymentMethods: {
    list: {
      method: 'GET',
      path: '/api/card',
    },
    byId: {
      method: 'GET',
      path: '/api/card/:id',
    },
    update: {
      method: 'PATCH',
      path: '/api/card/:id',
    },
    remove: {
      method: 'DELETE',
      path: '/api/card/:id',
    },
    create: {
      method: 'POST',
      path: '/api/card',
    },
    usersPaymentMethods: {
      method: 'POST',
      path: '/api/users-payment-methods',
    },
    createCreditCard: {
      method: 'POST',
      path: '/api/create-credit-card',
    },
    updateCreditCard: {
      method: 'PATCH',
      path: '/api/update-credit-card',
    },
    deleteCreditCard: {
      method: 'DELETE',
      path: '/api/delete-credit-card',
    },
    createBankAccount: {
      method: 'POST',
      path: '/api/create-bank-account',
    },
    updateBankAccount: {
      method: 'PATCH',
      path: '/api/update-bank-account',
    },
    deleteBankAccount: {
      method: 'DELETE',
      path: '/api/delete-bank-account',
    },
    verifyBankAccount: {
      method: 'POST',
      path: '/api/verify-bank-account',
    },
  },
  devices: {
    deviceCheck: {
      method: 'POST',
      path: '/api/iot/device-check',
    },
    devicePurchasingCheck: {
      method: 'POST',
      path: '/api/iot/device-purchasing-check',
    },
    sendCommand: {
      method: 'POST',
      path: '/api/iot/send-command',
    },
    job: {
      method: 'GET',
      path: '/api/iot/jobs/:id',
    },
    logs: {
      method: 'GET',
      path: '/api/iot/logs',
    },
    swap: {
      method: 'PATCH',
      path: '/api/device/swap',
    },
    activate: {
      method: 'PATCH',
      path: '/api/device/activate',
    },
    install: {
      method: 'PATCH',
      path: '/api/device/install',
    },
    welcome: {
      method: 'POST',
      path: '/api/device/welcome',
    },
    hardwiredMode: {
      method: 'PATCH',
      path: '/api/device/hardwired-mode',
    },
    checkFirmwareUpdate: {
      method: 'GET',
      path: '/api/device/:key/check-firmware-update',
    },
    firmwareUpdate: {
      method: 'POST',
      path: '/api/device/:key/firmware-update',
    },
    setPin: {
      method: 'PATCH',
      path: '/api/device/:key/pin',
    },
    clearPin: {
      method: 'DELETE',
      path: '/api/device/:key/pin',
    },
    optionTables: {
      method: 'GET',
      path: '/api/device/:key/option-tables',
    },
    updateOptionTables: {
      method: 'PATCH',
      path: '/api/device/:key/option-tables',
    },
    specialOptionTables: {
      method: 'GET',
      path: '/api/device/:key/special-option-tables',
    },
    updateSpecialOptionTables: {
      method: 'PATCH',
      path: '/api/device/:key/special-option-tables',
    },
    features: {
      method: 'GET',
      path: '/api/device/:key/features',
    },
    updateFeatures: {
      method: 'PATCH',
      path: '/api/device/:key/features',
    },
    keylockerMode: {
      method: 'PATCH',
      path: '/api/device/:key/keylocker-mode',
    },
    linkInstaller: {
      method: 'POST',
      path: '/api/device/link-installer/:key',
    },
    list: {
      method: 'GET',
      path: '/api/devices',
    },
    history: {
      method: 'GET',
      path: '/api/device/:key/history',
    },
    events: {
      method: 'GET',
      path: '/api/device/:key/events',
    },
  },
  activations: {
    start: {
      method: 'POST',
      path: '/api/activations',
    },
    list: {
      method: 'GET',
      path: '/api/activations',
    },
    get: {
      method: 'GET',
      path: '/api/activations/:id',
    },
    update: {
      method: 'PATCH',
      path: '/api/activations/:id',
    },
    restart: {
      method: 'POST',
      path: '/api/activations/:id/restart',
    },
    complete: {
      method: 'POST',
      path: '/api/activations/:id/complete',
    },
    ofDevice: {
      method: 'GET',
      path: '/api/device/:key/activations',
    },
    abandon: {
      method: 'DELETE',
      path: '/api/activations/:id',
    },
  },
  plans: {
    list: {
      method: 'GET',
      path: '/api/plans',
    },
    upgrade: {
      method: 'GET',
      path: '/api/plans/upgrade',
    },
    byId: {
      method: 'GET',
      path: '/api/plan/:id',
    },
  },
  rewards: {
    listOfDealer: {
      method: 'GET',
      path: '/api/dealers/:id/device-rewards',
    },
    get: {
      method: 'GET',
      path: '/api/rewards/:id',
    },
    payouts: {
      method: 'GET',
      path: '/api/payouts',
    },
    onboardingLink: {
      method: 'POST',
      path: '/api/payouts/onboarding-link',
    },
    testOnboardingPage: {
      method: 'GET',
      path: '/api/payouts/test-onboarding/:token',
      answers: 'html',
    },
    completeTestOnboarding: {
      method: 'POST',
      path: '/api/payouts/test-onboarding/:token',
      answers: 'redirect',
    },
  },
  subscriptions: {
    purchase: {
      method: 'POST',
      path: '/api/payments',
    },
    receipt: {
      method: 'GET',
      path: '/api/payments/:uuid',
    },
    sales: {
      method: 'GET',
      path: '/api/plan-sales',
    },
  },
  health: {
    live: {
      method: 'GET',
      path: '/healthz',
    },
    ready: {
      method: 'GET',
      path: '/readyz',
    },
  },
} as unknown as RouteTable<Endpoints>;
