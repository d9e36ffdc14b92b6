import { createContext, useContext } from 'react';

/** True inside a layout that already renders the page's `<main>` landmark. */
export const InsideMainContext = createContext(false);

/** Whether the caller is already inside the page's `<main>` (so it must not add a second one). */
export const useInsideMain = () => useContext(InsideMainContext);
