// The element of the table page with this id. Its own module, so that the parts fetched later
// (the lobby, the talk) share it with the first load without pulling the page's controller into
// a chunk of their own (dominoes/static_storage.bundle_table).

export const $ = (id) => document.getElementById(id);
