// A repair request as the public wizard files it, every field filled and valid.
export const validRequest = {
  name: 'Maria da Silva Souza',
  email: 'maria.souza@example.com',
  phone: '(51) 99876-4321',
  address: 'Rua dos Andradas, 1234 - Centro Histórico, Porto Alegre - RS',
  reference: 'Em frente à farmácia',
  problemType: 'LIGHT_OUT',
  latitude: '-30.0277',
  longitude: '-51.2287',
  company: '1',
};
