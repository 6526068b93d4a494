/** "1 mail", "3 mails". */
export const mails = (n: number) => `${n} ${n === 1 ? 'mail' : 'mails'}`

/** "once", "twice", "3 times". */
export const times = (n: number) => (n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`)
