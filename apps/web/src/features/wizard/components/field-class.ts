export const fieldClass =
  'w-full rounded-theme border border-gray-500 bg-white px-3 py-2 text-base focus-visible:outline-3 focus-visible:outline-blue-700 aria-[invalid=true]:border-red-700';
