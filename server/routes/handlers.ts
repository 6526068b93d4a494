import type { Handlers } from '../contract/types.ts'
import { changePassword, forgetPassword, getMe, login, logout, resetPassword, updateMe } from './auth.ts'
import { getHealth, listDevOutbox } from './system.ts'

/** Every contract operation's handler; the type makes a missing or unknown operation a compile error. */
export const handlers: Handlers = {
  login,
  forgetPassword,
  resetPassword,
  changePassword,
  logout,
  getMe,
  updateMe,
  getHealth,
  listDevOutbox,
}
