// The one messageOf lives in src/shared so the renderer, which may not import core, uses it too.
export { messageOf } from '../../shared/message-of';
