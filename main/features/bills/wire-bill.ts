// The mapping lives with the store, which measures a bill as the service will see it before keeping it.
export { toWireBill } from '../../store/index.js';
