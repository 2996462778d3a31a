export { JModal, type JModalProps } from './JModal.js';
export { J_MODAL_FIXED, closesAfterOk, modalWidth } from './model.js';
export { innerEscProps } from './inner-esc.js';
